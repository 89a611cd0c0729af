import { type Migration, sql } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * The audit trail: append-only records of sign-ins, lock-outs, password and role changes and every
 * staff or share-link read or write of health data. Triggers refuse any update or delete on both
 * databases, so no code path can rewrite the trail.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('audit_events')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('share_id', 'integer')
      .addColumn('subject_user_id', 'integer')
      .addColumn('laboratory_id', 'text')
      .addColumn('order_id', 'integer')
      .addColumn('patient_id', 'integer')
      .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('audit_events_subject_idx').ifNotExists().on('audit_events').columns(['subject_user_id', 'id']).execute();
    await db.schema.createIndex('audit_events_lab_idx').ifNotExists().on('audit_events').columns(['laboratory_id', 'id']).execute();
    if (pg) {
      await sql`create or replace function audit_events_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit records are append-only'; end $$`.execute(db);
      await sql`drop trigger if exists audit_events_no_change on audit_events`.execute(db);
      await sql`create trigger audit_events_no_change before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(db);
    } else {
      await sql`create trigger if not exists audit_events_no_update before update on audit_events begin select raise(abort, 'audit records are append-only'); end`.execute(db);
      await sql`create trigger if not exists audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit records are append-only'); end`.execute(db);
    }
  },
};
