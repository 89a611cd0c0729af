import { render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import { createTheme, useTheme } from '@mui/material/styles';
import { ThemeProvider } from './ThemeProvider';
import { PRIMARY_COLOR, theme } from './theme';

/** The app's theme provider hands MUI's components the shop's theme, as MUI's own provider does for a theme without colour schemes. */
function Probe() {
  const t = useTheme();
  return (
    <p data-testid="probe">
      {t.palette.primary.main} {String(t.vars)}
    </p>
  );
}

test("MUI's components and useTheme get the shop's theme (its primary colour), without CSS variables", () => {
  render(
    <ThemeProvider theme={theme}>
      <Probe />
      <Button variant="contained">Add to cart</Button>
    </ThemeProvider>,
  );
  expect(screen.getByTestId('probe').textContent).toBe(`${PRIMARY_COLOR} null`);
  // The contained button is painted in the theme's primary colour (MUI's default is #1976d2).
  const button = screen.getByRole('button', { name: 'Add to cart' });
  expect(getComputedStyle(button).getPropertyValue('--variant-containedBg').trim().toLowerCase()).toBe(PRIMARY_COLOR);
});

test('a theme with colour schemes is refused (it needs MUI\'s provider with CSS variables)', () => {
  const withSchemes = createTheme({ colorSchemes: { light: true, dark: true } });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<ThemeProvider theme={withSchemes} />)).toThrow(/colour schemes/);
});
