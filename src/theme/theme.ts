import { createTheme } from '@mui/material/styles';

export const PRIMARY_COLOR = '#173366';
/** Focus ring colour: visible on white and on the primary top bar. */
const FOCUS_RING = '#f0a202';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR },
    secondary: { main: '#2a9d8f' },
    background: { default: '#f7f9fc', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A clear keyboard focus ring everywhere (mouse clicks do not show it).
        ':focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 },
        'a, button, [role="button"], input, select, textarea': { '&:focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 } },
        body: { WebkitTapHighlightColor: 'transparent' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
  },
});
