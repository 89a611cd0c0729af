import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres, idColumn, REAL } from './helpers';
import type { Db } from './helpers';
import { applyDemoScience } from '../science';
import type { Database } from '../schema';

/**
 * Catalogue science (LOINC, UCUM, reference intervals by sex and age, critical limits), the
 * interpretation and range provenance of results, and read-only share links. Existing results keep
 * their stored range; their interpretation is derived from the stored flag and value.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    // One column per statement: SQLite adds one column at a time.
    await db.schema.alterTable('analyses').addColumn('loinc', 'text').execute();
    await db.schema.alterTable('analyses').addColumn('ucum_unit', 'text').execute();
    await db.schema.alterTable('analyses').addColumn('critical_low', REAL(pg)).execute();
    await db.schema.alterTable('analyses').addColumn('critical_high', REAL(pg)).execute();
    await db.schema.createIndex('analyses_loinc_idx').ifNotExists().on('analyses').column('loinc').execute();

    await db.schema
      .createTable('analysis_reference_ranges')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('gender', 'text')
      .addColumn('min_age', 'integer')
      .addColumn('max_age', 'integer')
      .addColumn('low', REAL(pg))
      .addColumn('high', REAL(pg))
      .addColumn('text', 'text')
      .execute();
    await db.schema.createIndex('analysis_reference_ranges_analysis_idx').ifNotExists().on('analysis_reference_ranges').columns(['analysis_id', 'position']).execute();

    await db.schema.alterTable('analysis_results').addColumn('interpretation', 'text').execute();
    await db.schema.alterTable('analysis_results').addColumn('range_source', 'text', (c) => c.notNull().defaultTo('legacy')).execute();
    await db.schema.alterTable('analysis_results').addColumn('range_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`update analysis_results set interpretation = case
        when flag = 'low' then 'L'
        when flag = 'high' then 'H'
        when flag = 'critical' and value_num is not null and ref_low is not null and value_num < ref_low then 'LL'
        when flag = 'critical' then 'HH'
        else 'N' end`.execute(db);

    await db.schema
      .createTable('result_shares')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('last_opened_at', 'text')
      .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('result_shares_order_patient_idx').ifNotExists().on('result_shares').columns(['order_id', 'patient_id']).execute();
    await db.schema
      .createTable('result_share_openings')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('share_id', 'integer', (c) => c.notNull().references('result_shares.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();

    await applyDemoScience(db as unknown as Kysely<Database>);
  },
};
