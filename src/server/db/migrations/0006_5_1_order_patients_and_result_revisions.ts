import { type Migration, sql } from 'kysely';
import { isPostgres, idColumn, REAL } from './helpers';
import type { Db } from './helpers';

/**
 * Results integrity: the identity of each patient as it was when the order was placed (results,
 * their PDF and FHIR export read it from here, so renaming a patient later leaves old results
 * untouched; existing orders get today's identity), and every earlier revision of a corrected result.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('order_patients')
      .ifNotExists()
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('patient_id', 'integer', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('gender', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_patients_pk', ['order_id', 'patient_id'])
      .execute();
    await sql`insert into order_patients (order_id, patient_id, first_name, last_name, gender, date_of_birth)
      select distinct order_lines.order_id, order_lines.patient_id, patients.first_name, patients.last_name, patients.gender, patients.date_of_birth
      from order_lines inner join patients on patients.id = order_lines.patient_id
      on conflict do nothing`.execute(db);

    await db.schema.alterTable('analysis_results').addColumn('corrected_at', 'text').execute();
    await db.schema
      .createTable('analysis_result_revisions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('result_id', 'integer', (c) => c.notNull().references('analysis_results.id'))
      .addColumn('value_num', REAL(pg))
      .addColumn('value_text', 'text')
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('ref_low', REAL(pg))
      .addColumn('ref_high', REAL(pg))
      .addColumn('ref_text', 'text', (c) => c.notNull())
      .addColumn('flag', 'text', (c) => c.notNull())
      .addColumn('interpretation', 'text')
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('entered_by', 'integer')
      .addColumn('entered_at', 'text', (c) => c.notNull())
      .addColumn('replaced_by', 'integer')
      .addColumn('replaced_at', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analysis_result_revisions_result_idx').ifNotExists().on('analysis_result_revisions').columns(['result_id', 'id']).execute();
  },
};
