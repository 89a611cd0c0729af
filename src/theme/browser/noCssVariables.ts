/**
 * The browser build's stand-in for MUI's CSS-variables theme builder and provider
 * (`@mui/material/styles`' createThemeWithVars.mjs and ThemeProviderWithVars.mjs; next.config.js
 * points MUI's own imports of those two files here, in the browser only).
 *
 * The shop's theme has no colour schemes and no CSS variables (src/theme/theme.ts), and neither has
 * MUI's default theme, so `createTheme` always builds them with `createThemeNoVars` and MUI's
 * `ThemeProvider` always renders the plain provider: the code for colour schemes (the variables'
 * builder, the colour-scheme provider, its storage and its script, ~8 kB gzip) was shipped to every
 * first visitor and never ran. The server keeps MUI's own files, so it renders exactly what the
 * browser hydrates. A theme that asks for CSS variables or colour schemes fails loudly here.
 */

function unsupported(what: string): never {
  throw new Error(`${what}: MUI's CSS-variables themes are not in the browser build (see src/theme/browser/noCssVariables.ts)`);
}

/** createThemeWithVars.mjs' default export (`extendTheme`; `createTheme` with `cssVariables` or `colorSchemes`). */
export default function createThemeWithVars(): never {
  return unsupported('createThemeWithVars');
}

/** createThemeWithVars.mjs' other export. */
export function createGetCssVar(): never {
  return unsupported('createGetCssVar');
}

/** ThemeProviderWithVars.mjs' exports. */
export function CssVarsProvider(): never {
  return unsupported('CssVarsProvider');
}
export const Experimental_CssVarsProvider = CssVarsProvider;
export function useColorScheme(): never {
  return unsupported('useColorScheme');
}
export function getInitColorSchemeScript(): never {
  return unsupported('getInitColorSchemeScript');
}
