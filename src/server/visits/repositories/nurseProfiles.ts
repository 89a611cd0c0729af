import type { Selectable } from 'kysely';
import type { Db } from '@/server/db/createDb';
import type { NurseProfileTable } from '@/server/db/schema';

/** The nurses' sex and languages, matched against the patients' needs at assignment. */

export type NurseProfileRow = Selectable<NurseProfileTable>;

export async function findProfiles(db: Db, userIds: number[]): Promise<Map<number, NurseProfileRow>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom('nurse_profiles').selectAll().where('user_id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function saveProfile(db: Db, row: NurseProfileRow): Promise<void> {
  await db
    .insertInto('nurse_profiles')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ sex: row.sex, languages: row.languages }))
    .execute();
}
