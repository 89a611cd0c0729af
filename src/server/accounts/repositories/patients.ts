import type { Insertable, Selectable } from 'kysely';
import type { PatientTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';

/** Reads and writes of patients, always scoped to their user. */

export type PatientRecord = Selectable<PatientTable>;
export type PatientFields = Omit<Insertable<PatientTable>, 'id' | 'user_id' | 'is_user' | 'created_at' | 'updated_at'>;

export async function findPatients(db: Db, userId: number): Promise<PatientRecord[]> {
  return db.selectFrom('patients').selectAll().where('user_id', '=', userId).orderBy('is_user', 'desc').orderBy('id').execute();
}

export async function findPatient(db: Db, userId: number, id: number): Promise<PatientRecord | undefined> {
  return db.selectFrom('patients').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function findSelfPatient(db: Db, userId: number): Promise<PatientRecord | undefined> {
  return db.selectFrom('patients').selectAll().where('user_id', '=', userId).where('is_user', '=', 1).executeTakeFirst();
}

export async function insertPatient(db: Db, userId: number, isUser: boolean, fields: PatientFields): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('patients')
    .values({ ...fields, user_id: userId, is_user: isUser ? 1 : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the user's patient; answers false when it is not theirs (or does not exist). */
export async function updatePatient(db: Db, userId: number, id: number, fields: Partial<PatientFields>): Promise<boolean> {
  const res = await db
    .updateTable('patients')
    .set({ ...fields, updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The national identifiers of the user's patients among `ids` (only those that have one). */
export async function findNationalIds(db: Db, userId: number, ids: number[]): Promise<Map<number, { pesel: string | null; personalNumber: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('patients').select(['id', 'pesel', 'personal_number']).where('user_id', '=', userId).where('id', 'in', ids).execute();
  return new Map(rows.filter((r) => r.pesel || r.personal_number).map((r) => [r.id, { pesel: r.pesel, personalNumber: r.personal_number }]));
}
