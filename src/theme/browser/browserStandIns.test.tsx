import { forwardRef, memo, Component } from 'react';
import realHoist from 'hoist-non-react-statics';
import { createTheme } from '@mui/material/styles';
import hoistNonReactStatics from './hoistStatics';
import createThemeWithVars, { CssVarsProvider } from './noCssVariables';
import { theme } from '../theme';

/** What next.config.js swaps in for the browser build must behave as the packages do where the shop uses them. */
describe('browser stand-ins', () => {
  function withStatics<T extends object>(c: T): T {
    return Object.assign(c, { fetchData: () => 'data', displayName: 'Source', defaultProps: { a: 1 }, [Symbol.for('shop.static')]: 'symbol' });
  }
  const sources = {
    function: () => withStatics(function Source() { return null; }),
    class: () => withStatics(class Source extends Component { static extra = 'class static'; render() { return null; } }),
    forwardRef: () => withStatics(forwardRef(function Source() { return null; })),
    memo: () => withStatics(memo(function Source() { return null; })),
  };
  const targets = {
    function: () => function Target() { return null; },
    forwardRef: () => forwardRef(function Target() { return null; }),
    memo: () => memo(function Target() { return null; }),
  };

  it.each((Object.keys(sources) as (keyof typeof sources)[]).flatMap((s) => (Object.keys(targets) as (keyof typeof targets)[]).map((t) => [s, t] as const)))('hoists the statics of a %s onto a %s as hoist-non-react-statics does', (s, t) => {
    const expected = realHoist(targets[t](), sources[s]() as never) as unknown as Record<PropertyKey, unknown>;
    const actual = hoistNonReactStatics(targets[t](), sources[s]()) as unknown as Record<PropertyKey, unknown>;
    const own = (o: object) => [...Object.getOwnPropertyNames(o), ...Object.getOwnPropertySymbols(o)].filter((k) => !['render', 'type', 'compare'].includes(k as string));
    expect(own(actual).map(String).sort()).toEqual(own(expected).map(String).sort());
    expect(actual.fetchData).toBe(expected.fetchData === undefined ? undefined : actual.fetchData);
    expect((actual as { displayName?: unknown }).displayName).toEqual((expected as { displayName?: unknown }).displayName);
  });

  it('leaves the names in a blacklist', () => {
    const target = hoistNonReactStatics(function Target() { return null; }, withStatics(function Source() { return null; }), { fetchData: true });
    expect('fetchData' in target).toBe(false);
  });

  it("the shop's theme and MUI's default theme are built without the CSS-variables builder", () => {
    expect(theme.vars).toBeUndefined();
    expect('colorSchemes' in theme).toBe(false);
    expect('colorSchemes' in createTheme()).toBe(false);
  });

  it('a CSS-variables theme fails loudly instead of rendering unstyled', () => {
    expect(() => createThemeWithVars()).toThrow(/not in the browser build/);
    expect(() => CssVarsProvider()).toThrow(/not in the browser build/);
  });
});
