import { sql, type Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * The VAT treatment of each sample material (docs/invoices.md): `zw` (exempt, part of the diagnostic
 * service) unless the laboratory sells it as goods at `8` or `23` per cent. Receipts, invoices and
 * corrections read it per line.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable('materials')
      .addColumn('vat_rate', 'text', (c) => c.notNull().defaultTo('zw').check(sql`vat_rate in ('zw', '8', '23')`))
      .execute();
  },
};
