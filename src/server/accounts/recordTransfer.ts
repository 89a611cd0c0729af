import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { ERROR_CODES } from '@/shared/errorCodes';
import { ADULT_AGE, INVITE_DAYS, ageOn } from '@/shared/household';
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors';
import { hashToken, newToken } from '@/server/tokens';
import { queueMail } from '@/server/mail/queueMail';
import { buildAppUrl } from '@/server/mail/mailer';
import { mailTranslator } from '@/server/mail/i18n';
import { recordTransferMail } from '@/server/mail/templates/recordTransfer';
import * as repo from '@/server/accounts/repositories/household';
import * as transfers from '@/server/accounts/repositories/recordTransfers';
import { logAccessEvent } from './accessLog';
import { INVITE_USED, RECORD_CLAIMED } from './householdTexts';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Record transfer at 18 (docs/privacy.md, "Family members"): the guardian of a child who is now an
 * adult sends them an invite to take the record to their own account, history included. On
 * acceptance the record moves (it becomes the person's own record in their account), the guardian's
 * access to its results ends at once, the new account reads the results of the earlier orders of the
 * record (kept in the guardian's account for the money and the visit), and both access logs say so.
 */

export const OWN_RECORD_EXISTS = 'Your account already has your own record';

/** `POST patient/{id}/transfer-invite`: a single-use link, valid 14 days, to the record's e-mail (202). */
export async function inviteTransfer(db: Db, user: AuthUser, patientId: number, language?: string, now = new Date()): Promise<{ expiresAt: string }> {
  const record = await repo.findRecordWithHolder(db, patientId);
  if (!record || record.user_id !== user.id) throw notFound('Patient not found', ERROR_CODES.patientNotFound);
  const field = 'personalDetails.email';
  if (record.is_user === 1) throw badRequest('This is your own record', { [field]: 'This is your own record' }, ERROR_CODES.inviteOwnAddress);
  if (ageOn(record.date_of_birth, now) < ADULT_AGE) throw badRequest(`A record is handed over from ${ADULT_AGE}`, { 'personalDetails.dateOfBirth': `Under ${ADULT_AGE}` }, ERROR_CODES.inviteMinor);
  const email = record.email?.trim().toLowerCase();
  if (!email) throw badRequest('The patient has no e-mail address', { [field]: 'Required' }, ERROR_CODES.inviteNoEmail);
  if (email === user.email.toLowerCase()) throw badRequest('This is your own e-mail address', { [field]: 'This is your own e-mail address' }, ERROR_CODES.inviteOwnAddress);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const holderName = `${record.holder_first_name} ${record.holder_last_name}`.trim();
  await inWriteTransaction(db, async (trx) => {
    await repo.retireInvites(trx, patientId, email, now.toISOString());
    await repo.insertInvite(trx, { patient_id: patientId, holder_user_id: user.id, email, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt, used_at: null, kind: 'transfer' });
    const t = mailTranslator(language ?? record.holder_locale);
    const link = buildAppUrl(`/patient-invite?${new URLSearchParams({ token, kind: 'transfer' }).toString()}`);
    await queueMail(trx, { kind: 'recordTransfer', to: email, ...recordTransferMail({ holderName, link, until: expiresAt.slice(0, 10) }, t) });
    await logAccessEvent(trx, 'transfer_invited', { patientId, holderId: user.id, memberId: null, actorId: user.id }, now);
  });
  return { expiresAt };
}

/**
 * The answer to a transfer invite (through `POST patient-invites/accept|refuse`, after the address
 * and the link were checked): accepting moves the record to the signed-in account.
 */
export async function answerTransfer(db: Db, user: AuthUser, invite: repo.InviteRow, answer: 'accept' | 'refuse', now = new Date()): Promise<{ access: 'self' | 'refused' }> {
  const at = now.toISOString();
  return inWriteTransaction(db, async (trx) => {
    if (!(await repo.useInvite(trx, invite.id, at))) throw new HttpError(410, INVITE_USED, { code: ERROR_CODES.inviteInvalid });
    const ids = { patientId: invite.patient_id, holderId: invite.holder_user_id, memberId: user.id, actorId: user.id };
    if (answer === 'refuse') {
      await logAccessEvent(trx, 'transfer_refused', ids, now);
      return { access: 'refused' as const };
    }
    const record = await repo.findRecordWithHolder(trx, invite.patient_id);
    if (!record || record.user_id !== invite.holder_user_id) throw conflict(RECORD_CLAIMED, undefined, ERROR_CODES.recordClaimed);
    if (await transfers.hasOwnRecord(trx, user.id)) throw conflict(OWN_RECORD_EXISTS, undefined, ERROR_CODES.ownRecordExists);
    await transfers.moveRecord(trx, invite.patient_id, invite.holder_user_id, user.id, at);
    await logAccessEvent(trx, 'record_transferred', ids, now);
    return { access: 'self' as const };
  });
}

/** The holder's order `orderId` when it holds a record transferred to `userId` (read as that record's own results), else undefined. */
export async function transferredOrderOf(db: Db, userId: number, orderId: number) {
  return transfers.findTransferredOrder(db, userId, orderId);
}

/** Whether `userId` reads the order through a record transferred to them. */
export async function readsByTransfer(db: Db, userId: number, orderId: number): Promise<boolean> {
  return (await transfers.findTransferredOrder(db, userId, orderId)) !== undefined;
}

/** The orders, with results, of the records transferred to `userId` (kept in the guardians' accounts). */
export async function transferredOrderIdsWithResults(db: Db, userId: number): Promise<number[]> {
  return transfers.transferredOrderIdsWithResults(db, userId);
}
