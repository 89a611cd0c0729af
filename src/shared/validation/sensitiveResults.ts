import { object, string } from 'yup';
import { idParam } from './common';

/** `POST staff/held-results/{resultId}/release`: the doctor's note to the patient, shown beside the result. */
export const releaseHeldResultSchema = object({
  note: string().strict().matches(/\S/, 'Write a note for the patient').max(2000, 'Too long').required('Write a note for the patient'),
});

export const resultIdParamSchema = object({ resultId: idParam() });
