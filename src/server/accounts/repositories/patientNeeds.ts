import type { Insertable, Selectable } from 'kysely';
import type { Db } from '@/server/db/createDb';
import type { PatientNeedsTable } from '@/server/db/schema';

/** The patients' needs for the nurse: one optional row per patient. */

export type PatientNeedsRow = Selectable<PatientNeedsTable>;

export async function findNeeds(db: Db, patientIds: number[]): Promise<PatientNeedsRow[]> {
  if (!patientIds.length) return [];
  return db.selectFrom('patient_needs').selectAll().where('patient_id', 'in', [...new Set(patientIds)]).execute();
}

/** Writes the patient's needs (one row, replaced). */
export async function upsertNeeds(db: Db, row: Insertable<PatientNeedsTable>): Promise<void> {
  const { patient_id: _id, ...rest } = row;
  await db
    .insertInto('patient_needs')
    .values(row)
    .onConflict((oc) => oc.column('patient_id').doUpdateSet(rest))
    .execute();
}

export async function deleteNeeds(db: Db, patientIds: number[]): Promise<void> {
  if (!patientIds.length) return;
  await db.deleteFrom('patient_needs').where('patient_id', 'in', patientIds).execute();
}

/** The needs of every patient of a user (their erasure). */
export async function deleteNeedsOfUser(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('patient_needs')
    .where('patient_id', 'in', db.selectFrom('patients').select('id').where('user_id', '=', userId))
    .execute();
}
