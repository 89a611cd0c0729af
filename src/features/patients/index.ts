/**
 * The public surface of the patients feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { newPatient, type Patient } from './patientMapping';
export { patientFormOpened, patientSaveRequested, patientsRequested } from './patientsSlice';
export { PATIENT_SAVE_FAILURE } from './patientFailure';
