/**
 * Rejected samples (HL7 v2 table 0490, "Specimen Reject Reason") and the free redraw they earn.
 * Shared by the server (staff console, HL7 SPM-21 import, order reads) and the pages that word them.
 */
export const REJECTION_REASONS = ['RH', 'QS', 'RC', 'RB', 'RM', 'EX', 'RR', 'RN', 'RI'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export function isRejectionReason(code: unknown): code is RejectionReason {
  return typeof code === 'string' && (REJECTION_REASONS as readonly string[]).includes(code);
}

/** Reasons after which the nurse draws again with a butterfly needle (haemolysis, too little blood, clotting). */
export const BUTTERFLY_REASONS: readonly RejectionReason[] = ['RH', 'QS', 'RC'];

/** How long after the rejection the free redraw can be booked, in days. */
export const REDRAW_DAYS = 14;

export type SampleStatus = 'ok' | 'rejected' | 'redraw_booked';

/** The sample of one order line as the patient's order page shows it. */
export interface SampleDto {
  status: SampleStatus;
  reason?: RejectionReason;
  /** The reason as a plain sentence in the request's language. */
  reasonText?: string;
}

/** The free redraw of an order's rejected samples. */
export interface RedrawDto {
  /** A redraw can be booked now (something rejected, none booked yet, before the deadline). */
  available: boolean;
  /** The last moment to book it (null: nothing rejected). */
  deadline: string | null;
  /** The redraw order, once booked. */
  orderId?: number;
}

/** One row of the staff's weekly report: rejections of a reason in the week starting `week` (a Monday, YYYY-MM-DD). */
export interface RejectionWeekDto {
  week: string;
  reason: RejectionReason;
  count: number;
}

/** A second rejection of an analysis already redrawn: the laboratory follows it up (no third offer). */
export interface RejectionTaskDto {
  id: number;
  orderId: number;
  orderNumber: string;
  analysisName: string;
  reason: RejectionReason;
  at: string;
}

export interface RejectionReportDto {
  weeks: RejectionWeekDto[];
  tasks: RejectionTaskDto[];
}
