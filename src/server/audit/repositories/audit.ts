import { sql, type Insertable } from 'kysely';
import type { AuditEventTable, SecurityEventTable } from '@/server/db/schema';
import type { AuditActionDto as AuditAction, AuditActorKindDto as AuditActorKind } from '@/shared/types/audit';
import type { Db } from '@/server/db/createDb';

/** The audit trail and the counted security events (the hash chain's rules are audit/auditChain.ts). */

const CHAIN_LOCK = 7_262_291; // pg_advisory_xact_lock key of the chain

/** PostgreSQL: holds the chain's advisory lock until the caller's transaction ends (one append at a time). */
export async function lockAuditChain(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
}

/** The hash of the newest record (none, or null, on an empty or unchained trail). */
export async function lastAuditHash(db: Db): Promise<string | null | undefined> {
  const last = await db.selectFrom('audit_events').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return last?.hash;
}

export async function insertAuditEvent(db: Db, row: Insertable<AuditEventTable>): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

/** Up to `limit` records after the id `after`, in id order (walking the chain). */
export async function listAuditEventsAfter(db: Db, after: number, limit: number) {
  return db.selectFrom('audit_events').selectAll().where('id', '>', after).orderBy('id').limit(limit).execute();
}

/** Whose data an order is: its owner and laboratory. */
export async function findOrderParties(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['user_id', 'laboratory_id']).where('id', '=', orderId).executeTakeFirst();
}

/** The account an address typed at sign-in belongs to, if any. */
export async function findUserByEmail(db: Db, address: string) {
  return db.selectFrom('users').select(['id', 'role', 'staff_laboratory_id']).where('email', '=', address).executeTakeFirst();
}

/** Counts one refused sign-in in its row of key and window (the first makes the row). */
export async function countSecurityEvent(db: Db, e: Omit<Insertable<SecurityEventTable>, 'count'> & { last_at: string; client_ip: string }): Promise<void> {
  await db
    .insertInto('security_events')
    .values({ ...e, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('security_events.count', '+', 1), last_at: e.last_at, client_ip: e.client_ip })))
    .execute();
}

/** Paging and filters of both views: newest first, `limit` rows (default 50) with ids below `before`. */
export interface AuditQuery {
  limit?: number;
  before?: number;
  action?: AuditAction;
  actorKind?: AuditActorKind;
}

const DEFAULT_LIMIT = 50;

/** Audit records newest first with their actor and order number; callers add their filter. */
export function selectAuditEvents(db: Db, q: AuditQuery = {}) {
  let query = db
    .selectFrom('audit_events')
    .leftJoin('users as actor', 'actor.id', 'audit_events.actor_user_id')
    .leftJoin('orders', 'orders.id', 'audit_events.order_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.action',
      'audit_events.actor_kind',
      'audit_events.subject_user_id',
      'audit_events.patient_id',
      'audit_events.order_id',
      'audit_events.client_ip',
      'audit_events.detail',
      'audit_events.actor_user_id',
      'audit_events.share_id',
      'actor.display_name',
      'actor.first_name',
      'actor.last_name',
      'actor.email',
      'orders.number',
    ])
    .orderBy('audit_events.id', 'desc')
    .limit(q.limit ?? DEFAULT_LIMIT);
  if (q.before !== undefined) query = query.where('audit_events.id', '<', q.before);
  if (q.action) query = query.where('audit_events.action', '=', q.action);
  if (q.actorKind) query = query.where('audit_events.actor_kind', '=', q.actorKind);
  return query;
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof selectAuditEvents>['execute']>>[number];

/**
 * Refused sign-ins and lock-outs of a laboratory's people, and refused payment or refund
 * notifications (of its orders, or of no known order: every laboratory's staff see those), counted per
 * window, newest first.
 */
export async function listSecurityEvents(db: Db, laboratoryId: string, q: Pick<AuditQuery, 'limit' | 'before'> & { action?: SecurityEventTable['action'] } = {}) {
  let query = db
    .selectFrom('security_events')
    .leftJoin('users', 'users.id', 'security_events.subject_user_id')
    .select(['security_events.id', 'security_events.key', 'security_events.action', 'security_events.subject_user_id', 'users.email', 'security_events.client_ip', 'security_events.count', 'security_events.first_at', 'security_events.last_at'])
    .where((eb) => eb.or([eb('security_events.laboratory_id', '=', laboratoryId), eb.and([eb('security_events.laboratory_id', 'is', null), eb('security_events.action', 'in', ['payment_notification_refused', 'refund_notification_refused'])])]))
    .orderBy('security_events.id', 'desc')
    .limit(q.limit ?? DEFAULT_LIMIT);
  if (q.before !== undefined) query = query.where('security_events.id', '<', q.before);
  if (q.action) query = query.where('security_events.action', '=', q.action);
  return query.execute();
}

/** Deletes anonymous security events (an address without an account) last counted before `cutoff`, and every one last counted before `yearAgo` (the purge). */
export async function deleteOldSecurityEvents(db: Db, cutoff: string, yearAgo: string): Promise<void> {
  await db.deleteFrom('security_events').where('subject_user_id', 'is', null).where('last_at', '<', cutoff).execute();
  await db.deleteFrom('security_events').where('last_at', '<', yearAgo).execute();
}

/** Deletes the security events about the user or counted under `keys` (an erased account). */
export async function deleteSecurityEventsOf(db: Db, userId: number, keys: string[]): Promise<void> {
  await db.deleteFrom('security_events').where((eb) => eb.or([eb('subject_user_id', '=', userId), eb('key', 'in', keys)])).execute();
}
