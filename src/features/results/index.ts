/**
 * The public surface of the results feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { FlagChip } from './components/FlagChip';
