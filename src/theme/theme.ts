import { createTheme } from '@mui/material/styles';

export const PRIMARY_COLOR = '#173366';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR },
    background: { default: '#f7f9fc', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
  },
});
