import type { FailureTexts } from '@/components/useFailureText';

/** A refused field names itself; the patient is gone, or the account holder is already a patient. */
export const PATIENT_SAVE_FAILURE: FailureTexts = {
  field: (fields) => Object.values(fields)[0],
  codes: {
    not_found: 'account:failure.patientNotFound',
    conflict: 'account:failure.alreadyPatient',
    date_of_birth_locked: 'account:failure.dateOfBirthLocked',
    unauthorized: 'common:failure.unauthorized',
    rate_limited: 'common:failure.rateLimited',
    internal: 'common:failure.internal',
  },
  fallback: 'account:failure.patientSaveFailed',
};
