import type { PatientDto } from '@/shared/types/api';

/** "First Last" of a patient, or null when the patient is not loaded. */
export function patientName(patients: PatientDto[], id: number): string | null {
  const p = patients.find((x) => x.id === id);
  return p ? `${p.personalDetails.firstName} ${p.personalDetails.lastName}`.trim() : null;
}
