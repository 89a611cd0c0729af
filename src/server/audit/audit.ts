import type { Db } from '@/server/db/createDb';
import { RECORD_ACCESS_EVENTS, type RecordAccessEventDto } from '@/shared/types/audit';
import type { AccessRecordDto, AccessWhatDto, AuditActionDto as AuditAction, AuditActorKindDto as AuditActorKind, LabAuditRecordDto, SecurityEventDto } from '@/shared/types/audit';
import type { AuthUser } from '@/server/http/auth';
import { requestIp } from '@/server/http/requestContext';
import { appendChained } from './auditChain';
import * as repo from '@/server/audit/repositories/audit';

/**
 * The append-only audit trail (table `audit_events`; database triggers refuse updates and deletes):
 * sign-ins, failed sign-ins and lock-outs, password and role changes, and every staff or
 * share-link read or write of health data, with who, what, when and the client address.
 */

export interface AuditInput {
  action: AuditAction;
  actorKind: AuditActorKind;
  actorUserId?: number | null;
  shareId?: number | null;
  subjectUserId?: number | null;
  laboratoryId?: string | null;
  orderId?: number | null;
  patientId?: number | null;
  ip?: string;
  /** What exactly (`results`, `pdf`, `fhir`, a role); never a secret or a result value. */
  detail?: string;
}

/** The actor of a request by a signed-in user (or of a user's row). */
export const actorOf = (user: Pick<AuthUser, 'id' | 'role'>): Pick<AuditInput, 'actorKind' | 'actorUserId'> => ({ actorKind: user.role === 'staff' ? 'staff' : 'patient', actorUserId: user.id });

/**
 * Who asked and from where: what a service needs to write the audit record of a request. Services
 * that take one write their record when it is given; calls from other services leave it out, so a
 * request still makes exactly one record.
 */
export interface AuditContext {
  actor: AuthUser;
  ip: string;
}

/**
 * Records a read of an order's health data by someone other than its owner (staff of its laboratory),
 * so that "who opened my data" shows it. The owner's own reads are not recorded.
 */
export async function recordHealthReadByOther(db: Db, user: AuthUser, order: { id: number; user_id: number; laboratory_id: string }, detail: string, patientId?: number): Promise<void> {
  if (order.user_id === user.id) return;
  await recordAudit(db, { action: 'health_read', ...actorOf(user), subjectUserId: order.user_id, laboratoryId: order.laboratory_id, orderId: order.id, patientId: patientId ?? null, detail });
}

/** Appends one record; the order's owner and laboratory fill in whose data it was when not given. */
export async function recordAudit(db: Db, e: AuditInput, now = new Date()): Promise<void> {
  let subject = e.subjectUserId ?? null;
  let lab = e.laboratoryId ?? null;
  if (e.orderId != null && (subject === null || lab === null)) {
    const order = await repo.findOrderParties(db, e.orderId);
    subject ??= order?.user_id ?? null;
    lab ??= order?.laboratory_id ?? null;
  }
  await appendChained(db, {
      at: now.toISOString(),
      action: e.action,
      actor_kind: e.actorKind,
      actor_user_id: e.actorUserId ?? null,
      share_id: e.shareId ?? null,
      subject_user_id: subject,
      laboratory_id: lab,
      order_id: e.orderId ?? null,
      patient_id: e.patientId ?? null,
      client_ip: e.ip ?? requestIp() ?? '',
      detail: (e.detail ?? '').slice(0, 200),
  });
}

/** Refused sign-ins are counted per address and window of this length (security_events). */
export const SECURITY_WINDOW_MS = 15 * 60 * 1000;

/**
 * Records a sign-in attempt by the address typed. A success goes into the audit trail; a wrong
 * password or a lock-out (429) is a security event, counted in one row per outcome, address and
 * 15-minute window, so that anyone can send refused sign-ins without pushing real records out of view.
 */
export async function recordSignIn(db: Db, email: unknown, ip: string, outcome: 'sign_in' | 'sign_in_failed' | 'locked_out', now = new Date()): Promise<void> {
  const address = typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
  const user = address ? await repo.findUserByEmail(db, address) : undefined;
  if (outcome === 'sign_in') {
    await recordAudit(db, {
      action: outcome,
      ...(user ? actorOf(user) : { actorKind: 'anonymous', actorUserId: null }),
      subjectUserId: user?.id ?? null,
      laboratoryId: user?.staff_laboratory_id ?? null,
      ip,
    });
    return;
  }
  const at = now.toISOString();
  const windowStart = new Date(Math.floor(now.getTime() / SECURITY_WINDOW_MS) * SECURITY_WINDOW_MS).toISOString();
  await repo.countSecurityEvent(db, { key: `${outcome}:${address}`, window_start: windowStart, action: outcome, subject_user_id: user?.id ?? null, laboratory_id: user?.staff_laboratory_id ?? null, client_ip: ip, first_at: at, last_at: at });
}

/**
 * A refused payment or refund notification (docs/payments.md): counted in security_events, one row
 * per kind, reason, address and 15-minute window, never an audit record each (anyone can send them).
 */
export async function recordRefusedNotification(db: Db, action: 'payment_notification_refused' | 'refund_notification_refused', reason: string, ip: string, laboratoryId: string | null, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const windowStart = new Date(Math.floor(now.getTime() / SECURITY_WINDOW_MS) * SECURITY_WINDOW_MS).toISOString();
  await repo.countSecurityEvent(db, { key: `${action}:${reason}@${ip}`.slice(0, 300), window_start: windowStart, action, subject_user_id: null, laboratory_id: laboratoryId, client_ip: ip, first_at: at, last_at: at });
}

const HEALTH: AuditAction[] = ['health_read', 'health_write'];

/**
 * What a health-data record did, in the patient's words: opened; entered results; marked the samples
 * collected (a nurse at the visit, or the laboratory's status step); another step of the home visit;
 * assigned the nurse; another status change of the order.
 */
export function accessWhat(action: AuditAction, detail: string): AccessWhatDto {
  if (action === 'record_access') return (RECORD_ACCESS_EVENTS as readonly string[]).includes(detail) ? (detail as RecordAccessEventDto) : 'access_granted';
  if (action !== 'health_write') return 'opened';
  if (detail === 'status sample_collected' || detail === 'visit collected') return 'samples';
  if (/^(results|HL7 import)/.test(detail)) return 'results';
  if (detail.startsWith('visit ')) return 'visit';
  if (detail.startsWith('nurse ')) return 'nurse';
  return 'status';
}

function accessDto(r: repo.AuditRow): AccessRecordDto {
  return {
    id: r.id,
    at: r.at,
    action: r.action,
    what: accessWhat(r.action, r.detail),
    actorKind: r.actor_kind,
    actorKey: r.actor_kind === 'share' ? `share:${r.share_id ?? ''}` : `${r.actor_kind}:${r.actor_user_id ?? ''}`,
    actorName: r.actor_kind === 'staff' ? r.display_name?.trim() || `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || null : null,
    orderId: r.order_id,
    orderNumber: r.number ?? null,
    detail: r.detail,
  };
}

/**
 * The audit rows about a person's data for GET users/current/audit (accounts/accessLog.ts, which adds
 * the other person's name to the family-access rows): who (laboratory staff or a share link) opened
 * or changed the caller's health data, and every invite, grant, refusal, withdrawal and end of a
 * family member's access to a record, newest first. `recordPatientId` is the record of an access row
 * (null on the others).
 */
export async function accessToSubject(db: Db, userId: number, q: repo.AuditQuery = {}): Promise<{ dto: AccessRecordDto; recordPatientId: number | null }[]> {
  const rows = await repo.selectAuditEvents(db, q)
    .where('audit_events.subject_user_id', '=', userId)
    .where((eb) => eb.or([eb.and([eb('audit_events.action', 'in', HEALTH), eb('audit_events.actor_kind', 'in', ['staff', 'share'])]), eb('audit_events.action', '=', 'record_access')]))
    .execute();
  return rows.map((r) => ({ dto: accessDto(r), recordPatientId: r.action === 'record_access' ? (r.patient_id ?? 0) : null }));
}

/** GET staff/audit: the trail of the staff member's laboratory, newest first. */
export async function listLabAudit(db: Db, staff: AuthUser, q: repo.AuditQuery = {}): Promise<LabAuditRecordDto[]> {
  if (!staff.staffLaboratoryId) return [];
  const rows = await repo.selectAuditEvents(db, q).where('audit_events.laboratory_id', '=', staff.staffLaboratoryId).execute();
  return rows.map((r) => ({ ...accessDto(r), actorEmail: r.email ?? null, subjectUserId: r.subject_user_id, patientId: r.patient_id, clientIp: r.client_ip }));
}

/** GET staff/security-events: refused sign-ins and lock-outs of the laboratory's staff and nurses, counted per window, newest first. */
export async function listLabSecurityEvents(db: Db, staff: AuthUser, q: Pick<repo.AuditQuery, 'limit' | 'before'> & { action?: SecurityEventDto['action'] } = {}): Promise<SecurityEventDto[]> {
  if (!staff.staffLaboratoryId) return [];
  const rows = await repo.listSecurityEvents(db, staff.staffLaboratoryId, q);
  const reasonOf = (r: (typeof rows)[number]) => (r.action === 'payment_notification_refused' || r.action === 'refund_notification_refused' ? r.key.slice(r.action.length + 1, r.key.lastIndexOf('@')) : null);
  return rows.map((r) => ({ id: r.id, action: r.action, reason: reasonOf(r), subjectUserId: r.subject_user_id, subjectEmail: r.email ?? null, clientIp: r.client_ip, count: r.count, firstAt: r.first_at, lastAt: r.last_at }));
}
