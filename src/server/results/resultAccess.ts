import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { accessOfRecords, consentRequired, readsResults } from '@/server/accounts/household';
import { findRecordsByIds } from '@/server/accounts/repositories/household';

/**
 * The one check of household consent on results (docs/privacy.md, "Family members"): the account
 * that ordered reads a patient's results only when the record is its own, a child's (under 18), or
 * an adult's who agreed. Every results call of the owner (list, set, patient, one result with its
 * history, PDF, FHIR, share links) asks here; staff of the laboratory are not concerned.
 */

/** The patients of `patientIds` whose results the order's owner `ownerId` may not read now. */
export async function patientsWithoutConsent(db: Db, ownerId: number, patientIds: number[], now = new Date()): Promise<Set<number>> {
  const records = (await findRecordsByIds(db, patientIds)).filter((r) => r.user_id === ownerId);
  const access = await accessOfRecords(db, records, now);
  return new Set(records.filter((r) => !readsResults(access.get(r.id) ?? 'pending')).map((r) => r.id));
}

/** 403 `consent_required` when the caller is the order's owner and may not read this patient's results. */
export async function assertReadsPatientResults(db: Db, user: Pick<AuthUser, 'id'>, order: { user_id: number }, patientId: number, now = new Date()): Promise<void> {
  if (order.user_id !== user.id) return;
  if ((await patientsWithoutConsent(db, user.id, [patientId], now)).has(patientId)) throw consentRequired();
}
