import type { ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';

/**
 * The theme for every page, as MUI's `ThemeProvider` provides a theme without colour schemes (ours
 * has none, src/theme/theme.ts): the theme with `vars: null`, through the system's provider. MUI's own
 * `ThemeProvider` chooses at run time between that and the CSS-variables provider, so every page
 * shipped the colour-scheme machinery it never uses (the provider, the scheme's storage and
 * media-query listeners, the scheme's init script: ~3 kB gzip of `_app`).
 */
export function ThemeProvider({ theme, children }: { theme: Theme; children?: ReactNode }) {
  return <SystemThemeProvider theme={withoutVars(theme)}>{children}</SystemThemeProvider>;
}

const noVars = new WeakMap<Theme, Theme>();

/** The theme as MUI's provider hands it down when it has no colour schemes (same object for the same theme). */
function withoutVars(theme: Theme): Theme {
  let out = noVars.get(theme);
  if (!out) {
    if ('colorSchemes' in theme) throw new Error('A theme with colour schemes needs MUI\'s ThemeProvider (@mui/material/styles)');
    out = 'vars' in theme ? theme : ({ ...theme, vars: null } as unknown as Theme);
    noVars.set(theme, out);
  }
  return out;
}
