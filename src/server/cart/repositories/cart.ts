import type { Db } from '@/server/db/createDb';

/** Reads and writes of the per-user cart (cart_lines, cart_material_decisions); the prices are read by the catalogue (catalogue/repositories/pricing.ts). */
type Q = Db;

export interface CartLineRow {
  patient_id: number;
  analysis_id: number;
  profile_id: number | null;
  added_at: string;
}

export async function listCartLines(db: Q, userId: number): Promise<CartLineRow[]> {
  return db
    .selectFrom('cart_lines')
    .select(['patient_id', 'analysis_id', 'profile_id', 'added_at'])
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('patient_id')
    .orderBy('analysis_id')
    .execute();
}

export async function listMaterialDecisions(db: Q, userId: number): Promise<Map<number, boolean>> {
  const rows = await db.selectFrom('cart_material_decisions').select(['material_id', 'bought']).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [r.material_id, r.bought === 1]));
}

/** Adds lines; a line that is already there stays as it is (re-adding is idempotent). */
export async function insertCartLines(
  db: Q,
  userId: number,
  lines: { patientId: number; analysisId: number; profileId: number | null }[],
): Promise<void> {
  if (!lines.length) return;
  const now = new Date().toISOString();
  await db
    .insertInto('cart_lines')
    .values(lines.map((l) => ({ user_id: userId, patient_id: l.patientId, analysis_id: l.analysisId, profile_id: l.profileId, added_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'patient_id', 'analysis_id']).doNothing())
    .execute();
}

export async function saveMaterialDecisions(db: Q, userId: number, decisions: Map<number, boolean>): Promise<void> {
  if (!decisions.size) return;
  await db
    .insertInto('cart_material_decisions')
    .values([...decisions].map(([materialId, bought]) => ({ user_id: userId, material_id: materialId, bought: bought ? 1 : 0 })))
    .onConflict((oc) => oc.columns(['user_id', 'material_id']).doUpdateSet((eb) => ({ bought: eb.ref('excluded.bought') })))
    .execute();
}

export async function deleteCartLines(db: Q, userId: number, where: { patientId?: number; analysisId?: number }): Promise<number> {
  let q = db.deleteFrom('cart_lines').where('user_id', '=', userId);
  if (where.patientId !== undefined) q = q.where('patient_id', '=', where.patientId);
  if (where.analysisId !== undefined) q = q.where('analysis_id', '=', where.analysisId);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Empties the cart and forgets the optional-material decisions. */
export async function clearCart(db: Q, userId: number): Promise<void> {
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
  await db.deleteFrom('cart_material_decisions').where('user_id', '=', userId).execute();
}

export async function getUserLaboratoryId(db: Q, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('laboratory_id').where('id', '=', userId).executeTakeFirst();
  return row?.laboratory_id ?? null;
}

export async function setUserLaboratoryId(db: Q, userId: number, laboratoryId: string): Promise<void> {
  await db.updateTable('users').set({ laboratory_id: laboratoryId, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

export interface PatientRow {
  id: number;
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
  date_of_birth: string;
}

/** The caller's patients among `ids` (others' patients are simply absent). */
export async function findOwnPatients(db: Q, userId: number, ids: number[]): Promise<PatientRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('patients')
    .select(['id', 'first_name', 'last_name', 'gender', 'date_of_birth'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export interface AnalysisRuleRow {
  id: number;
  name: string;
  restriction_gender: 'male' | 'female' | null;
  restriction_min_age: number | null;
  restriction_max_age: number | null;
  fasting_hours: number;
  preparation: string;
}

export async function findAnalysisRules(db: Q, ids: number[]): Promise<AnalysisRuleRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('analyses')
    .select(['id', 'name', 'restriction_gender', 'restriction_min_age', 'restriction_max_age', 'fasting_hours', 'preparation'])
    .where('id', 'in', ids)
    .execute();
}

export async function findProfileAnalysisIds(db: Q, profileId: number): Promise<number[] | null> {
  const profile = await db.selectFrom('profiles').select('id').where('id', '=', profileId).executeTakeFirst();
  if (!profile) return null;
  const rows = await db
    .selectFrom('profile_analyses')
    .select('analysis_id')
    .where('profile_id', '=', profileId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.analysis_id);
}
