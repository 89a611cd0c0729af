import { type Kysely, type Migration } from 'kysely';
import type { Db } from './helpers';
import type { Database } from '../schema';
import { applyDemoPanels } from '../demo/panels';

/**
 * What an analysis reports: `analyses.reports_text` (1: a written report, the only analyses that take
 * free text) and panels reported as components (`analysis_panel_components`: the complete blood
 * count's WBC, RBC, HGB ... each an analysis with its LOINC, unit and intervals). A database seeded
 * before gets the demo text reports and the blood count's components.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('analyses').addColumn('reports_text', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('analysis_panel_components')
      .ifNotExists()
      .addColumn('panel_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('component_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analysis_panel_components_pk', ['panel_id', 'component_id'])
      .execute();
    await db.schema.createIndex('analysis_panel_components_component_idx').ifNotExists().on('analysis_panel_components').column('component_id').execute();
    await applyDemoPanels(db as unknown as Kysely<Database>);
  },
};
