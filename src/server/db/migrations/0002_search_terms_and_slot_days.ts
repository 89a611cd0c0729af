import { type Migration, sql } from 'kysely';
import { isPostgres } from './helpers';
import type { Db } from './helpers';

/**
 * Catalogue search by word prefix through a b-tree index: one row per lower-cased word of an
 * analysis's code and name (see docs/benchmarks.md). `term` is compared bytewise (collation "C"
 * on PostgreSQL, BINARY on SQLite) so a prefix is a contiguous range of the index.
 * Nurse slot days: one row per laboratory and local day whose slots were generated, so the
 * schedule is topped up exactly once per day even when several app instances do it at once.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    await sql
      .raw(
        `create table if not exists analysis_search_terms (
          term text ${pg ? 'collate "C" ' : ''}not null,
          analysis_id integer not null references analyses(id) on delete cascade,
          primary key (term, analysis_id))`,
      )
      .execute(db);
    await db.schema.createIndex('analysis_search_terms_analysis_idx').ifNotExists().on('analysis_search_terms').column('analysis_id').execute();
    await db.schema
      .createTable('nurse_slot_days')
      .ifNotExists()
      .addColumn('laboratory_id', 'text', (c) => c.notNull().references('laboratories.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('nurse_slot_days_pk', ['laboratory_id', 'day'])
      .execute();
    // Analyses written before this migration get their terms now.
    const rows = await sql<{ id: number; code: string; name: string }>`select id, code, name from analyses`.execute(db);
    const { searchTermsOf } = await import('@/server/catalogue/repositories/searchTerms');
    const values = rows.rows.flatMap((r) => searchTermsOf(r.code, r.name).map((term) => ({ term, analysis_id: r.id })));
    const tdb = db.withTables<{ analysis_search_terms: { term: string; analysis_id: number } }>();
    for (let i = 0; i < values.length; i += 500) {
      await tdb.insertInto('analysis_search_terms').values(values.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
    }
  },
};
