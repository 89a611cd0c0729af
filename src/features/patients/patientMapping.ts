import { emptyAddress } from '@/shared/emptyShapes';
import type { Gender, PatientDto } from '@/shared/types/api';
import type { PatientNeedsDto } from '@/shared/types/needs';

/** Gender as the UI holds it (spec §3): M and F. */
export type UiGender = 'M' | 'F';

/** A patient as the forms and lists hold it (spec §3 Patient (UI)). */
export interface Patient {
  /** null or 'NEW' for a patient not yet saved. */
  id: number | 'NEW' | null;
  firstName: string;
  lastName: string;
  /** Empty on a new patient until the user chooses. */
  gender: UiGender | '';
  /** YYYY-MM-DD; empty on a new patient until the user chooses. */
  dateOfBirth: string;
  /** Polish PESEL; empty when not given. */
  pesel?: string;
  /** Belarusian personal (identification) number; empty when not given. */
  personalNumber?: string;
  /** What the nurse should know (the form's "Needs for the nurse"). */
  needs?: PatientNeedsDto;
}

export const NEW_PATIENT_ID = 'NEW';

/**
 * The new-patient defaults: no sex and no date of birth chosen, the user must choose both (the spec's
 * 2000-01-01 default is left: docs/spec-decisions.md).
 */
export const newPatient = (): Patient => ({
  id: NEW_PATIENT_ID,
  firstName: '',
  lastName: '',
  gender: '',
  dateOfBirth: '',
});

export function genderToWire(gender: UiGender | ''): Gender {
  return gender === 'M' ? 'male' : 'female';
}

export function genderFromWire(gender: Gender): UiGender {
  return gender === 'male' ? 'M' : 'F';
}

/** True when saving must create the patient (id null or NEW), false when it updates (spec §4). */
export function isNewPatient(patient: Pick<Patient, 'id'>): boolean {
  return patient.id === null || patient.id === NEW_PATIENT_ID;
}

export function patientFromDto(dto: PatientDto): Patient {
  const p = dto.personalDetails;
  return {
    id: dto.id,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: genderFromWire(p.gender),
    dateOfBirth: p.dateOfBirth.slice(0, 10),
    ...(p.pesel ? { pesel: p.pesel } : {}),
    ...(p.personalNumber ? { personalNumber: p.personalNumber } : {}),
    ...(dto.needs ? { needs: dto.needs } : {}),
  };
}

/** The body of POST patient: e-mail and phone null, every address field an empty string (spec §3). */
export type CreatePatientBody = Omit<PatientDto, 'id'>;

/** The identifiers the form holds: a field the form has is sent (empty as null, which clears it). */
function nationalIds(patient: Patient): { pesel?: string | null; personalNumber?: string | null } {
  return {
    ...(patient.pesel !== undefined ? { pesel: patient.pesel.trim() || null } : {}),
    ...(patient.personalNumber !== undefined ? { personalNumber: patient.personalNumber.trim() || null } : {}),
  };
}

export function patientToCreateBody(patient: Patient): CreatePatientBody {
  return {
    personalDetails: {
      firstName: patient.firstName.trim(),
      lastName: patient.lastName.trim(),
      gender: genderToWire(patient.gender),
      dateOfBirth: patient.dateOfBirth,
      email: null,
      phone: null,
      ...nationalIds(patient),
    },
    address: emptyAddress(),
    ...(patient.needs ? { needs: patient.needs } : {}),
  };
}

/**
 * The body of PUT patient/{id}: the edited personal details over the stored patient, so the fields
 * the form does not show (e-mail, phone, address) keep their values.
 */
export function patientToUpdateBody(patient: Patient, stored: PatientDto | null): PatientDto {
  if (typeof patient.id !== 'number') throw new Error('Only a saved patient can be updated');
  const base = patientToCreateBody(patient);
  return {
    id: patient.id,
    personalDetails: {
      ...base.personalDetails,
      email: stored?.personalDetails.email ?? null,
      phone: stored?.personalDetails.phone ?? null,
    },
    address: stored?.address ?? base.address,
    ...(base.needs ? { needs: base.needs } : {}),
  };
}

/** Server field errors (`personalDetails.firstName` or `firstName`) onto the form's field names. */
export function formFieldErrors(fields: Record<string, string>): Partial<Record<keyof Patient, string>> {
  const out: Partial<Record<keyof Patient, string>> = {};
  const known: (keyof Patient)[] = ['firstName', 'lastName', 'gender', 'dateOfBirth', 'pesel', 'personalNumber'];
  for (const [path, message] of Object.entries(fields)) {
    const name = path.split('.').pop() as keyof Patient;
    if (known.includes(name)) out[name] = message;
  }
  return out;
}
