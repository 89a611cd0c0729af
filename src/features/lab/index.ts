/**
 * The public surface of the lab feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { LabSelectorHost } from './LabSelectorHost';
export { activeLaboratorySet, selectorOpened } from './labSlice';
export { listReceived as laboratoryListReceived } from './labSlice';
export { useLabTimeZone } from './useLabTimeZone';
