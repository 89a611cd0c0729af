import { string, type InferType } from 'yup';
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
