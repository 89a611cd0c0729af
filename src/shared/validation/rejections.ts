import { array, number, object, string, type InferType } from 'yup';
import { REJECTION_REASONS } from '@/shared/sampleRejection';

/** Bodies of the rejected-sample routes (`POST staff/orders/{id}/rejections`, `POST orders/{id}/redraw`). */
export const REJECTION_MESSAGES = {
  analysisIdsRequired: 'Name at least one analysis',
  reasonInvalid: `Choose a reason of HL7 table 0490: ${REJECTION_REASONS.join(', ')}`,
  slotRequired: 'Choose a visit time',
  dateRequired: 'Choose a visit time',
};

const id = () => number().strict().integer().positive();

export const rejectionSchema = object({
  analysisIds: array(id().required()).strict().min(1, REJECTION_MESSAGES.analysisIdsRequired).max(100).required(REJECTION_MESSAGES.analysisIdsRequired),
  reason: string().strict().required(REJECTION_MESSAGES.reasonInvalid).oneOf(REJECTION_REASONS, REJECTION_MESSAGES.reasonInvalid),
  note: string().strict().trim().max(500).nullable().optional(),
  patientId: id().nullable().optional(),
});

export const redrawSchema = object({
  orderSlotId: id().required(REJECTION_MESSAGES.slotRequired),
  nurseCheckoutDate: string()
    .trim()
    .required(REJECTION_MESSAGES.dateRequired)
    .test('date', 'Invalid visit date', (v) => !v || !Number.isNaN(Date.parse(v))),
});
export type RedrawBody = InferType<typeof redrawSchema>;

export const rejectionReportQuerySchema = object({
  weeks: number().transform((v, raw) => (raw === '' || raw === undefined ? undefined : Number(raw))).integer().min(1).max(52).optional(),
});
