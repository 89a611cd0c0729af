/**
 * The public surface of the catalogue feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { SeoHead } from './components/SeoHead';
