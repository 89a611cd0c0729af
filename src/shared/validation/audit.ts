import { mixed, number, object } from 'yup';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, type AuditActionDto, type AuditActorKindDto } from '@/shared/types/audit';

/** Paging and filters of the audit views (`GET users/current/audit`, `GET staff/audit`, `GET staff/security-events`). */

const whole = (message: string) =>
  number()
    .transform((v, raw) => (typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN))
    .typeError(message)
    .integer(message);

export const auditPageSchema = object({
  limit: whole('Enter a whole number from 1 to 200').min(1, 'Enter a whole number from 1 to 200').max(200, 'Enter a whole number from 1 to 200').optional(),
  before: whole('Enter a record id').min(1, 'Enter a record id').optional(),
});

export const auditQuerySchema = auditPageSchema.shape({
  action: mixed<AuditActionDto>().oneOf(AUDIT_ACTIONS, 'Unknown action').optional(),
  actorKind: mixed<AuditActorKindDto>().oneOf(AUDIT_ACTOR_KINDS, 'Unknown kind of actor').optional(),
});

/** Paging and the outcome filter of `GET staff/security-events`. */
export const securityEventsQuerySchema = auditPageSchema.shape({
  action: mixed<'sign_in_failed' | 'locked_out' | 'payment_notification_refused' | 'refund_notification_refused'>()
    .oneOf(['sign_in_failed', 'locked_out', 'payment_notification_refused', 'refund_notification_refused'], 'Unknown action')
    .optional(),
});
