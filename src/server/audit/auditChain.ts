import crypto from 'node:crypto';
import type { AuditActionDto as AuditAction, AuditActorKindDto as AuditActorKind } from '@/shared/types/audit';
import type { Db } from '@/server/db/createDb';
import { isPostgres } from '@/server/db/kind';
import { inWriteTransaction } from '@/server/db/transactions';
import * as auditRepo from '@/server/audit/repositories/audit';

/**
 * The hash chain over the audit trail: each record keeps the hash of the record before it
 * (`prev_hash`) and its own `hash` = SHA-256 of the previous hash and the record's content. Changing a
 * record breaks its hash; removing one breaks the next record's link; `npm run audit:verify` checks the
 * whole chain and prints its head (keep that elsewhere to detect a removal of the newest records).
 * Appending is serialised (a write transaction on SQLite, an advisory lock on PostgreSQL) so that two
 * records never name the same predecessor.
 */

export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedContent {
  at: string;
  action: AuditAction;
  actor_kind: AuditActorKind;
  actor_user_id: number | null;
  share_id: number | null;
  subject_user_id: number | null;
  laboratory_id: string | null;
  order_id: number | null;
  patient_id: number | null;
  client_ip: string;
  detail: string;
}

/** The hash of a record given its predecessor's hash (fields in a fixed order, JSON-encoded). */
export function chainHash(prev: string, r: ChainedContent): string {
  const content = [r.at, r.action, r.actor_kind, r.actor_user_id, r.share_id, r.subject_user_id, r.laboratory_id, r.order_id, r.patient_id, r.client_ip, r.detail];
  return crypto.createHash('sha256').update(`${prev}\n${JSON.stringify(content)}`).digest('hex');
}

/** Appends one record to the chain (inside the caller's transaction when given one). */
export async function appendChained(db: Db, row: ChainedContent): Promise<void> {
  const append = async (trx: Db) => {
    if (isPostgres(trx)) await auditRepo.lockAuditChain(trx);
    const prev = (await auditRepo.lastAuditHash(trx)) || GENESIS_HASH;
    await auditRepo.insertAuditEvent(trx, { ...row, prev_hash: prev, hash: chainHash(prev, row) });
  };
  // SQLite: one writer at a time from the read to the insert (BEGIN IMMEDIATE); PostgreSQL: the chain's lock.
  return inWriteTransaction(db, append);
}

export interface ChainReport {
  ok: boolean;
  records: number;
  head: string;
  problems: string[];
}

/** Walks the whole trail in id order and reports every changed record and every broken link. */
export async function verifyAuditChain(db: Db, pageSize = 1000): Promise<ChainReport> {
  const problems: string[] = [];
  let prev = GENESIS_HASH;
  let after = 0;
  let records = 0;
  for (;;) {
    const rows = await auditRepo.listAuditEventsAfter(db, after, pageSize);
    if (!rows.length) break;
    for (const r of rows) {
      records += 1;
      if (r.prev_hash !== prev) problems.push(`record ${r.id}: its link names ${String(r.prev_hash).slice(0, 12)}… but the record before it has ${prev.slice(0, 12)}… (a record before it was removed or changed)`);
      const expected = chainHash(r.prev_hash ?? '', r);
      if (r.hash !== expected) problems.push(`record ${r.id}: its content does not match its hash (changed)`);
      prev = r.hash ?? '';
      after = r.id;
    }
  }
  return { ok: problems.length === 0, records, head: prev, problems };
}
