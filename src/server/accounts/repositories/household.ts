import type { Insertable, Selectable } from 'kysely';
import type { PatientInviteTable, RecordAccessTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';

/** Invites to family members, their decisions on the holder's records, and the 18th-birthday notices. */

export type InviteRow = Selectable<PatientInviteTable>;
export type DecisionRow = Selectable<RecordAccessTable>;

export async function insertInvite(db: Db, row: Insertable<PatientInviteTable>): Promise<number> {
  const r = await db.insertInto('patient_invites').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Ends the open invites of a record to an address (a newer one to the same address replaces them). */
export async function retireInvites(db: Db, patientId: number, email: string, at: string): Promise<void> {
  await db.updateTable('patient_invites').set({ used_at: at }).where('patient_id', '=', patientId).where('email', '=', email).where('used_at', 'is', null).execute();
}

export async function findInviteByHash(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  return db.selectFrom('patient_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the invite used; false when it was used meanwhile (single use under concurrent answers). */
export async function useInvite(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('patient_invites').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The records of `patientIds` with an invite still open at `at`. */
export async function patientsWithOpenInvites(db: Db, patientIds: number[], at: string): Promise<Set<number>> {
  if (!patientIds.length) return new Set();
  const rows = await db.selectFrom('patient_invites').select('patient_id').where('patient_id', 'in', patientIds).where('used_at', 'is', null).where('expires_at', '>', at).execute();
  return new Set(rows.map((r) => r.patient_id));
}

/** The latest decision on each of the records (by id). */
export async function latestDecisions(db: Db, patientIds: number[]): Promise<Map<number, DecisionRow>> {
  const out = new Map<number, DecisionRow>();
  if (!patientIds.length) return out;
  const rows = await db.selectFrom('record_access').selectAll().where('patient_id', 'in', patientIds).orderBy('id').execute();
  for (const r of rows) out.set(r.patient_id, r);
  return out;
}

export async function insertDecision(db: Db, row: Insertable<RecordAccessTable>): Promise<number> {
  const r = await db.insertInto('record_access').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** The consent in force on a record, if any. */
export async function findConsent(db: Db, patientId: number): Promise<DecisionRow | undefined> {
  return db.selectFrom('record_access').selectAll().where('patient_id', '=', patientId).where('state', '=', 'consented').executeTakeFirst();
}

/** The consents in force the member gave, with the holder's name. */
export async function listConsentsOfMember(db: Db, memberUserId: number) {
  return db
    .selectFrom('record_access')
    .innerJoin('users', 'users.id', 'record_access.holder_user_id')
    .select(['record_access.id', 'record_access.patient_id', 'record_access.holder_user_id', 'record_access.decided_at', 'users.first_name', 'users.last_name'])
    .where('record_access.member_user_id', '=', memberUserId)
    .where('record_access.state', '=', 'consented')
    .orderBy('record_access.id')
    .execute();
}

/** Withdraws the member's consent in force; false when there is none of that id. */
export async function withdrawConsent(db: Db, id: number, memberUserId: number, at: string): Promise<DecisionRow | undefined> {
  return db
    .updateTable('record_access')
    .set({ state: 'withdrawn', ended_at: at })
    .where('id', '=', id)
    .where('member_user_id', '=', memberUserId)
    .where('state', '=', 'consented')
    .returningAll()
    .executeTakeFirst();
}

/** A patient record whoever keeps it, with its holder's name, e-mail and language. */
export async function findRecordWithHolder(db: Db, patientId: number) {
  return db
    .selectFrom('patients')
    .innerJoin('users', 'users.id', 'patients.user_id')
    .select(['patients.id', 'patients.user_id', 'patients.is_user', 'patients.first_name', 'patients.last_name', 'patients.date_of_birth', 'patients.email', 'patients.created_at', 'users.first_name as holder_first_name', 'users.last_name as holder_last_name', 'users.email as holder_email', 'users.locale as holder_locale'])
    .where('patients.id', '=', patientId)
    .executeTakeFirst();
}

/** Records (not the holders' own) of people born in [bornFrom, bornTo] (YYYY-MM-DD), created before `createdBefore`. */
export async function recordsBornBetween(db: Db, bornFrom: string, bornTo: string) {
  return db
    .selectFrom('patients')
    .select(['id', 'user_id', 'date_of_birth', 'created_at'])
    .where('is_user', '=', 0)
    .where('date_of_birth', '>=', bornFrom)
    .where('date_of_birth', '<=', bornTo)
    .orderBy('id')
    .execute();
}

/** Records a notice as sent; false when it had been (each notice goes once per record). */
export async function claimNotice(db: Db, patientId: number, kind: 'month_before' | 'ended', at: string): Promise<boolean> {
  const r = await db.insertInto('record_access_notices').values({ patient_id: patientId, kind, sent_at: at }).onConflict((oc) => oc.columns(['patient_id', 'kind']).doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Records by id (whoever keeps them), with what their access depends on. */
export async function findRecordsByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('patients').select(['id', 'user_id', 'is_user', 'date_of_birth', 'created_at']).where('id', 'in', [...new Set(ids)]).execute();
}
