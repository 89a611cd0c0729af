/**
 * The public surface of the cart feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { loadCart } from './cartSaga';
export {
  cartCleared,
  cartRequested,
  removeAnalysisRequested,
  removePatientAnalysisRequested,
  removePatientRequested,
  resetCartRequested,
} from './cartSlice';
export { patientName } from './components/patientName';
