import { object, string } from 'yup';
import { VISIT_STATES } from '@/shared/visitState';

/** Messages of the visit-state form (English sentences, translation keys of the `visit` namespace). */
export const VISIT_MESSAGES = {
  stateInvalid: 'Unknown visit state',
  timeInvalid: 'Enter a time as an ISO 8601 instant, e.g. 2026-12-01T08:10:00Z',
  windowInvalid: 'The arrival window must end after it starts, within 3 hours',
  tooLong: 'Too long',
} as const;

const instant = () =>
  string()
    .typeError(VISIT_MESSAGES.timeInvalid)
    .optional()
    .test('instant', VISIT_MESSAGES.timeInvalid, (v) => v === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))));

/** `POST staff/visits/{id}/state`. */
export const visitStateSchema = object({
  state: string().typeError(VISIT_MESSAGES.stateInvalid).required(VISIT_MESSAGES.stateInvalid).oneOf(VISIT_STATES, VISIT_MESSAGES.stateInvalid),
  arrivalStart: instant(),
  arrivalEnd: instant(),
  reason: string().typeError(VISIT_MESSAGES.tooLong).trim().max(500, VISIT_MESSAGES.tooLong).optional(),
});
