import { createTheme } from '@mui/material/styles';
import { ACTION_BAR_HEIGHT_VAR, BANNER_HEIGHT_VAR, TOAST_HEIGHT_VAR, TOP_BAR_HEIGHT } from './layout';

export const PRIMARY_COLOR = '#173366';
/** Focus ring colour: visible on white and on the primary top bar. */
const FOCUS_RING = '#f0a202';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR },
    // Every palette colour used as text or an icon keeps 4.5:1 on white and on the page background
    // (MUI's default warning and info oranges/blues do not; WCAG 1.4.3 and 1.4.11).
    secondary: { main: '#1f7a6f' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0277bd', contrastText: '#ffffff' },
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
        // Two tones (amber ring around a dark edge) keep 3:1 against white pages and the dark top bar.
        ':focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2, boxShadow: `0 0 0 2px ${PRIMARY_COLOR}` },
        // A text field shows focus with its own thicker primary border; a ring on the inner input
        // would cross the field's label.
        '.MuiInputBase-input:focus-visible': { outline: 'none', boxShadow: 'none' },
        // MUI marks keyboard focus of radios, checkboxes and switches (whose real input is invisible) on their wrapper.
        '.Mui-focusVisible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2, boxShadow: `0 0 0 2px ${PRIMARY_COLOR}` },
        'a, button, [role="button"], [role="radio"], [role="tab"], input, select, textarea': {
          '&:focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2, boxShadow: `0 0 0 2px ${PRIMARY_COLOR}` },
        },
        // Focus moves and in-page links scroll their target clear of the sticky top bar
        // and of what covers the bottom edge: a checkout step's bar, the cookie banner, a toast
        // (WCAG 2.4.11, focus not obscured).
        html: {
          scrollPaddingTop: TOP_BAR_HEIGHT.sm + 8,
          scrollPaddingBottom: `calc(var(${ACTION_BAR_HEIGHT_VAR}, 0px) + var(${BANNER_HEIGHT_VAR}, 0px) + var(${TOAST_HEIGHT_VAR}, 0px) + 24px)`,
        },
        body: { WebkitTapHighlightColor: 'transparent' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
  },
});
