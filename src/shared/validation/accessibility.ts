import { mixed, number, object, string, type InferType } from 'yup';
import { supportContactSchema } from './support';

/** A barrier report from the accessibility statement: the support form's fields and the page it concerns. */
export const barrierReportSchema = supportContactSchema.shape({
  page: string().trim().max(300, 'Too long').optional(),
});
export type BarrierReportInput = InferType<typeof barrierReportSchema>;

/** Days the laboratory has to answer a reported barrier. */
export const BARRIER_DUE_DAYS = 30;

export interface BarrierReportDto {
  id: number;
  name: string;
  email: string;
  page: string;
  message: string;
  status: 'open' | 'closed';
  createdAt: string;
  dueAt: string;
}

/** Status filter of `GET staff/barrier-reports`: open, closed, or open and past the due date. */
export type BarrierStatusFilter = 'open' | 'closed' | 'overdue';

const whole = (message: string) =>
  number()
    .transform((v, raw) => (typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN))
    .typeError(message)
    .integer(message);

/** Paging (`limit`, `offset`) and the status filter of `GET staff/barrier-reports`. */
export const barrierListSchema = object({
  status: mixed<BarrierStatusFilter>().oneOf(['open', 'closed', 'overdue'], 'Unknown status').optional(),
  limit: whole('Enter a whole number from 1 to 200').min(1, 'Enter a whole number from 1 to 200').max(200, 'Enter a whole number from 1 to 200').optional(),
  offset: whole('Enter a whole number from 0').min(0, 'Enter a whole number from 0').optional(),
});
export type BarrierListQuery = InferType<typeof barrierListSchema>;
