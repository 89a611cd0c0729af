import type { Db } from '@/server/db/createDb';
import type { PatientAccessDto, RecordAccessDto } from '@/shared/types/api';
import { ERROR_CODES } from '@/shared/errorCodes';
import { ADULT_AGE, CO_DECIDE_AGE, INVITE_DAYS, ageOn, birthdayAt } from '@/shared/household';
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors';
import type { AuthUser } from '@/server/http/auth';
import { hashToken, newToken } from '@/server/tokens';
import { queueMail } from '@/server/mail/queueMail';
import { buildAppUrl } from '@/server/mail/mailer';
import { mailTranslator } from '@/server/mail/i18n';
import { patientInviteMail } from '@/server/mail/templates/household';
import * as repo from '@/server/accounts/repositories/household';
import type { PatientRecord } from '@/server/accounts/repositories/patients';
import { inWriteTransaction } from '@/server/db/transactions';
import { answerTransfer } from './recordTransfer';
import { INVITE_USED, RECORD_CLAIMED } from './householdTexts';
import { logAccessEvent } from './accessLog';

/**
 * Household consent (docs/privacy.md, "Family members"). The account holder keeps records of the
 * family; who decides that the holder reads a record's results is the record's `access`. A child
 * under 18 is the guardian's; an adult (or a patient of 16 or 17, who co-decides) is invited by
 * e-mail and agrees, refuses, and may withdraw at any time. Every decision is in both people's
 * access log (`record_access` audit records).
 */

export const CONSENT_REQUIRED = 'This patient has not agreed that this account reads their results';
export const INVITE_OTHER_ADDRESS = 'This invite was sent to another e-mail address';
export const INVITE_INVALID = 'This invite link is not valid';
export const RECORD_ACCESS_NOT_FOUND = 'Record access not found';

/** The access of each of the holder's records at `now`. */
export async function accessOfRecords(db: Db, records: Pick<PatientRecord, 'id' | 'is_user' | 'date_of_birth' | 'created_at'>[], now = new Date()): Promise<Map<number, PatientAccessDto>> {
  const others = records.filter((r) => r.is_user !== 1).map((r) => r.id);
  const [decisions, invited] = await Promise.all([repo.latestDecisions(db, others), repo.patientsWithOpenInvites(db, others, now.toISOString())]);
  const out = new Map<number, PatientAccessDto>();
  for (const r of records) out.set(r.id, accessOf(r, decisions.get(r.id), invited.has(r.id), now));
  return out;
}

function accessOf(r: Pick<PatientRecord, 'is_user' | 'date_of_birth' | 'created_at'>, decision: repo.DecisionRow | undefined, invited: boolean, now: Date): PatientAccessDto {
  if (r.is_user === 1) return 'self';
  if (ageOn(r.date_of_birth, now) < ADULT_AGE) return 'guardian';
  if (decision?.state === 'consented') return 'consented';
  if (invited) return 'pending';
  if (decision?.state === 'refused') return 'refused';
  if (decision?.state === 'withdrawn') return 'ended';
  // Kept here as a child: the guardian's access ended at the 18th birthday.
  if (r.created_at.slice(0, 10) < birthdayAt(r.date_of_birth, ADULT_AGE)) return 'ended';
  return 'pending';
}

/** Whether the account reads the results of a record with this access. */
export const readsResults = (access: PatientAccessDto): boolean => access === 'self' || access === 'guardian' || access === 'consented';

export const consentRequired = () => new HttpError(403, CONSENT_REQUIRED, { code: ERROR_CODES.consentRequired });

/** `POST patient/{id}/invite`: a single-use link, valid 14 days, to the record's e-mail (202). */
export async function invitePatient(db: Db, user: AuthUser, patientId: number, language?: string, now = new Date()): Promise<{ expiresAt: string }> {
  const record = await repo.findRecordWithHolder(db, patientId);
  if (!record || record.user_id !== user.id) throw notFound('Patient not found', ERROR_CODES.patientNotFound);
  const field = 'personalDetails.email';
  if (record.is_user === 1) throw badRequest('This is your own record', { [field]: 'This is your own record' }, ERROR_CODES.inviteOwnAddress);
  if (ageOn(record.date_of_birth, now) < CO_DECIDE_AGE) throw badRequest(`Patients under ${CO_DECIDE_AGE} are not invited`, { 'personalDetails.dateOfBirth': `Under ${CO_DECIDE_AGE}` }, ERROR_CODES.inviteMinor);
  const email = record.email?.trim().toLowerCase();
  if (!email) throw badRequest('The patient has no e-mail address', { [field]: 'Required' }, ERROR_CODES.inviteNoEmail);
  if (email === user.email.toLowerCase()) throw badRequest('This is your own e-mail address', { [field]: 'This is your own e-mail address' }, ERROR_CODES.inviteOwnAddress);
  if (await repo.findConsent(db, patientId)) throw conflict(RECORD_CLAIMED, undefined, ERROR_CODES.recordClaimed);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const holderName = `${record.holder_first_name} ${record.holder_last_name}`.trim();
  await inWriteTransaction(db, async (trx) => {
    await repo.retireInvites(trx, patientId, email, now.toISOString());
    await repo.insertInvite(trx, { patient_id: patientId, holder_user_id: user.id, email, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt, used_at: null });
    const t = mailTranslator(language ?? record.holder_locale);
    const link = buildAppUrl(`/patient-invite?${new URLSearchParams({ token }).toString()}`);
    await queueMail(trx, { kind: 'patientInvite', to: email, ...patientInviteMail({ holderName, link, until: expiresAt.slice(0, 10) }, t) });
    await logAccessEvent(trx, 'access_invited', { patientId, holderId: user.id, memberId: null, actorId: user.id }, now);
  });
  return { expiresAt };
}

/** `POST patient-invites/accept|refuse {token}`: the signed-in account of the invited address decides. */
export async function answerInvite(db: Db, user: AuthUser, token: string, answer: 'accept' | 'refuse', now = new Date()): Promise<{ access: 'consented' | 'refused' | 'self' }> {
  const invite = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await repo.findInviteByHash(db, hashToken(token)) : undefined;
  if (!invite) throw notFound(INVITE_INVALID, ERROR_CODES.inviteInvalid);
  if (invite.email !== user.email.toLowerCase()) throw new HttpError(403, INVITE_OTHER_ADDRESS, { code: ERROR_CODES.inviteOtherAddress });
  if (invite.used_at || invite.expires_at <= now.toISOString()) throw new HttpError(410, INVITE_USED, { code: ERROR_CODES.inviteInvalid });
  // An invite to take the record to one's own account (record transfer at 18, recordTransfer.ts).
  if (invite.kind === 'transfer') return answerTransfer(db, user, invite, answer, now);
  const at = now.toISOString();
  return inWriteTransaction(db, async (trx) => {
    const held = await repo.findConsent(trx, invite.patient_id);
    if (held && held.member_user_id !== user.id) throw conflict(RECORD_CLAIMED, undefined, ERROR_CODES.recordClaimed);
    if (!(await repo.useInvite(trx, invite.id, at))) throw new HttpError(410, INVITE_USED, { code: ERROR_CODES.inviteInvalid });
    if (answer === 'accept' && held) return { access: 'consented' as const };
    if (answer === 'refuse' && held) await repo.withdrawConsent(trx, held.id, user.id, at);
    const state = answer === 'accept' ? 'consented' : 'refused';
    try {
      await repo.insertDecision(trx, { patient_id: invite.patient_id, holder_user_id: invite.holder_user_id, member_user_id: user.id, state, decided_at: at, ended_at: null });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(RECORD_CLAIMED, undefined, ERROR_CODES.recordClaimed);
      throw e;
    }
    await logAccessEvent(trx, answer === 'accept' ? 'access_granted' : 'access_refused', { patientId: invite.patient_id, holderId: invite.holder_user_id, memberId: user.id, actorId: user.id }, now);
    return { access: state };
  });
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}

/** `GET users/current/record-access`: the accounts that read the caller's record with their consent. */
export async function listRecordAccess(db: Db, userId: number): Promise<RecordAccessDto[]> {
  const rows = await repo.listConsentsOfMember(db, userId);
  return rows.map((r) => ({ id: r.id, holderName: `${r.first_name} ${r.last_name}`.trim(), since: r.decided_at }));
}

/** `DELETE users/current/record-access/{id}`: withdraws the consent at once (204); unknown or not the caller's: 404. */
export async function withdrawRecordAccess(db: Db, userId: number, id: number, now = new Date()): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    const row = await repo.withdrawConsent(trx, id, userId, now.toISOString());
    if (!row) throw notFound(RECORD_ACCESS_NOT_FOUND);
    await logAccessEvent(trx, 'access_withdrawn', { patientId: row.patient_id, holderId: row.holder_user_id, memberId: userId, actorId: userId }, now);
  });
}

