import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { accessOfRecords, consentRequired, readsResults } from '@/server/accounts/household';
import { findRecordsByIds } from '@/server/accounts/repositories/household';
import { readsByTransfer } from '@/server/accounts/recordTransfer';

/**
 * The one check of household consent on results (docs/privacy.md, "Family members"): the account
 * that ordered reads a patient's results only when the record is its own, a child's (under 18), or
 * an adult's who agreed. Every results call of the owner (list, set, patient, one result with its
 * history, PDF, FHIR, share links) asks here; staff of the laboratory are not concerned. A record
 * that is no longer the account's (taken by its person to their own account at 18) is not read, and
 * the person's new account reads that record's results of the earlier orders, and no one else's.
 */

/** The patients of `patientIds` whose results the reader `ownerId` (the order's owner, or the account a record moved to) may not read now. */
export async function patientsWithoutConsent(db: Db, ownerId: number, patientIds: number[], now = new Date()): Promise<Set<number>> {
  const all = await findRecordsByIds(db, patientIds);
  const records = all.filter((r) => r.user_id === ownerId);
  const access = await accessOfRecords(db, records, now);
  const elsewhere = all.filter((r) => r.user_id !== ownerId).map((r) => r.id);
  return new Set([...elsewhere, ...records.filter((r) => !readsResults(access.get(r.id) ?? 'pending')).map((r) => r.id)]);
}

/** Whether the caller reads the order as a patient (its owner, or the account a record of it moved to), not as the laboratory's staff. */
export async function readsAsPatient(db: Db, user: Pick<AuthUser, 'id'>, order: { id?: number; user_id: number }): Promise<boolean> {
  return order.user_id === user.id || (order.id !== undefined && readsByTransfer(db, user.id, order.id));
}

/** 403 `consent_required` when the caller reads as a patient and may not read this patient's results. */
export async function assertReadsPatientResults(db: Db, user: Pick<AuthUser, 'id'>, order: { id?: number; user_id: number }, patientId: number, now = new Date()): Promise<void> {
  if (!(await readsAsPatient(db, user, order))) return;
  if ((await patientsWithoutConsent(db, user.id, [patientId], now)).has(patientId)) throw consentRequired();
}
