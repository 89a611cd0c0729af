import { mixed, number, object } from 'yup';
import type { AuditActionDto, AuditActorKindDto } from '@/lib/types/audit';

/** Paging and filters of the audit views (`GET users/current/audit`, `GET staff/audit`, `GET staff/security-events`). */
const ACTIONS: AuditActionDto[] = ['sign_in', 'sign_in_failed', 'locked_out', 'password_changed', 'role_changed', 'health_read', 'health_write', 'account_exported', 'account_deleted', 'session_revoked', 'refresh_reuse', 'background_work', 'payment_paid', 'payment_rejected', 'refund_requested', 'refund_settled', 'barrier_closed'];
const ACTOR_KINDS: AuditActorKindDto[] = ['patient', 'staff', 'share', 'operator', 'anonymous'];

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
  action: mixed<AuditActionDto>().oneOf(ACTIONS, 'Unknown action').optional(),
  actorKind: mixed<AuditActorKindDto>().oneOf(ACTOR_KINDS, 'Unknown kind of actor').optional(),
});

/** Paging and the outcome filter of `GET staff/security-events`. */
export const securityEventsQuerySchema = auditPageSchema.shape({
  action: mixed<'sign_in_failed' | 'locked_out'>().oneOf(['sign_in_failed', 'locked_out'], 'Unknown action').optional(),
});
