import { type Migration, sql } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Household consent: invites an account holder sends to an adult (or a patient of 16 or 17) whose
 * record they keep, and the decisions on them. `patient_invites` holds the single-use links (only
 * the token's SHA-256); `record_access` one row per decision (consented, refused, later withdrawn);
 * at most one consent in force per record (a partial unique index, so two accounts cannot claim it
 * at once); `record_access_notices` the mails owed around the 18th birthday, once each.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('patient_invites')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
      .addColumn('holder_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('patient_invites_patient_idx').ifNotExists().on('patient_invites').column('patient_id').execute();
    const [idType2, idDef2] = idColumn(pg);
    await db.schema
      .createTable('record_access')
      .ifNotExists()
      .addColumn('id', idType2, idDef2)
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
      .addColumn('holder_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('member_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .execute();
    await db.schema.createIndex('record_access_patient_idx').ifNotExists().on('record_access').columns(['patient_id', 'id']).execute();
    await db.schema.createIndex('record_access_member_idx').ifNotExists().on('record_access').column('member_user_id').execute();
    await db.schema
      .createIndex('record_access_one_consent')
      .ifNotExists()
      .unique()
      .on('record_access')
      .column('patient_id')
      .where(sql.ref('state'), '=', 'consented')
      .execute();
    await db.schema
      .createTable('record_access_notices')
      .ifNotExists()
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_access_notices_pk', ['patient_id', 'kind'])
      .execute();
  },
};
