/**
 * `hoist-non-react-statics` for the browser build (next.config.js points the package here in the
 * browser only): Emotion imports it for `withTheme`, which the shop never calls, and the package
 * brings its own copy of React 16's `react-is` (~2 kB gzip in every first visit). The same copy of
 * a component's own statics onto its wrapper, without `react-is`: a forwardRef or memo type is
 * told by its `$$typeof`, as react-is does.
 */

// Plain objects, looked up as the package does (so an inherited name such as `constructor` or
// `toString` counts as one of React's statics and is not copied either).
type Names = Record<PropertyKey, boolean>;
const names = (list: string[]): Names => Object.fromEntries(list.map((n) => [n, true]));
const COMPONENT_STATICS = names(['childContextTypes', 'contextType', 'contextTypes', 'defaultProps', 'displayName', 'getDefaultProps', 'getDerivedStateFromError', 'getDerivedStateFromProps', 'mixins', 'propTypes', 'type']);
const KNOWN_STATICS = names(['name', 'length', 'prototype', 'caller', 'callee', 'arguments', 'arity']);
const FORWARD_REF_STATICS = names(['$$typeof', 'render', 'defaultProps', 'displayName', 'propTypes']);
const MEMO_STATICS = names(['$$typeof', 'compare', 'defaultProps', 'displayName', 'propTypes', 'type']);

function staticsOf(component: unknown): Names {
  const type = (component as { $$typeof?: unknown } | null)?.$$typeof;
  if (type === Symbol.for('react.forward_ref')) return FORWARD_REF_STATICS;
  if (type === Symbol.for('react.memo')) return MEMO_STATICS;
  return COMPONENT_STATICS;
}

export default function hoistNonReactStatics<T extends object>(target: T, source: unknown, blacklist?: Record<string, boolean>): T {
  if (typeof source === 'string' || source === null || (typeof source !== 'object' && typeof source !== 'function')) return target;
  const inherited: unknown = Object.getPrototypeOf(source);
  if (inherited && inherited !== Object.prototype) hoistNonReactStatics(target, inherited, blacklist);
  const targetStatics = staticsOf(target);
  const sourceStatics = staticsOf(source);
  for (const key of [...Object.getOwnPropertyNames(source), ...Object.getOwnPropertySymbols(source)]) {
    const k = key as string;
    if (KNOWN_STATICS[k] || blacklist?.[k] || sourceStatics[k] || targetStatics[k]) continue;
    const descriptor = Object.getOwnPropertyDescriptor(source, key);
    try {
      // Read-only properties of the wrapper are left as they are.
      if (descriptor) Object.defineProperty(target, key, descriptor);
    } catch {
      // as the package does
    }
  }
  return target;
}
