/**
 * The public surface of the patients feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { newPatient, patientToCreateBody, type Patient } from './patientMapping';
export { patientsApi } from './patientsApi';
