import { sql, type Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * Invoices in KSeF (docs/invoices.md, "Sending to KSeF"): each invoice keeps its KSeF status
 * (`queued | sent | accepted | rejected`; null when it was issued with KSeF off), the reference
 * numbers of its session and of the invoice in it, the UPO (official receipt, XML), the reason of a
 * rejection, and the attempts with the last error while KSeF could not be reached. An invoice that
 * already has a KSeF number counts as accepted.
 */
export const migration: Migration = {
  async up(db: Db) {
    const add = (name: string, type: 'text' | 'integer') => db.schema.alterTable('invoices').addColumn(name, type).execute();
    await add('ksef_status', 'text');
    await add('ksef_reference', 'text');
    await add('ksef_session_reference', 'text');
    await add('ksef_upo', 'text');
    await add('ksef_rejection_reason', 'text');
    await add('ksef_accepted_at', 'text');
    await add('ksef_last_error', 'text');
    await db.schema.alterTable('invoices').addColumn('ksef_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`UPDATE invoices SET ksef_status = 'accepted' WHERE ksef_number IS NOT NULL`.execute(db);
    await db.schema.createIndex('invoices_ksef_status_idx').ifNotExists().on('invoices').column('ksef_status').execute();
  },
};
