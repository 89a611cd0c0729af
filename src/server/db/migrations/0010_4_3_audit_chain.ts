import { type Migration, sql } from 'kysely';
import { isPostgres } from './helpers';
import type { Db } from './helpers';
import crypto from 'node:crypto';

/**
 * The audit trail becomes a hash chain (`prev_hash`, `hash`; see audit/auditChain.ts), the records
 * already there chained in id order; on PostgreSQL a statement trigger also refuses TRUNCATE (row
 * triggers do not fire for it). The append-only triggers are lifted only while the existing records
 * get their hashes, inside this migration.
 */
// The chain's hash as it was when this migration was written (audit/auditChain.ts, copied: a migration
// is frozen in time, so a later change to the live code never changes what it wrote).
const GENESIS_HASH = '0'.repeat(64);

interface ChainedRow {
  id: number;
  at: string;
  action: string;
  actor_kind: string;
  actor_user_id: number | null;
  share_id: number | null;
  subject_user_id: number | null;
  laboratory_id: string | null;
  order_id: number | null;
  patient_id: number | null;
  client_ip: string;
  detail: string;
}

function chainHash(prev: string, r: ChainedRow): string {
  const content = [r.at, r.action, r.actor_kind, r.actor_user_id, r.share_id, r.subject_user_id, r.laboratory_id, r.order_id, r.patient_id, r.client_ip, r.detail];
  return crypto.createHash('sha256').update(`${prev}\n${JSON.stringify(content)}`).digest('hex');
}

export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    await db.schema.alterTable('audit_events').addColumn('prev_hash', 'text').execute();
    await db.schema.alterTable('audit_events').addColumn('hash', 'text').execute();
    if (pg) await sql`alter table audit_events disable trigger audit_events_no_change`.execute(db);
    else await sql`drop trigger if exists audit_events_no_update`.execute(db);
    let prev = GENESIS_HASH;
    const rows = await sql<ChainedRow>`select * from audit_events order by id`.execute(db);
    for (const r of rows.rows) {
      const hash = chainHash(prev, r);
      await sql`update audit_events set prev_hash = ${prev}, hash = ${hash} where id = ${r.id}`.execute(db);
      prev = hash;
    }
    if (pg) {
      await sql`alter table audit_events enable trigger audit_events_no_change`.execute(db);
      await sql`drop trigger if exists audit_events_no_truncate on audit_events`.execute(db);
      await sql`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_append_only()`.execute(db);
    } else {
      await sql`create trigger if not exists audit_events_no_update before update on audit_events begin select raise(abort, 'audit records are append-only'); end`.execute(db);
    }
  },
};
