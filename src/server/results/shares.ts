import crypto from 'node:crypto';
import type { Db } from '@/server/db/createDb';
import type { PatientResultsDto, ResultShareCreatedDto, ResultShareDto, SharedResultsDto } from '@/shared/types/results';
import { getConfig } from '@/server/config';
import { HttpError, notFound } from '@/server/http/errors';
import type { AuthUser } from '@/server/http/auth';
import * as repo from '@/server/orders/repositories/orders';
import * as sharesRepo from '@/server/results/repositories/shares';
import { getPatientResults, getPatientResultsOfOrder, TEST_RESULT_NOT_FOUND } from './results';
import { recordAudit } from '@/server/audit/audit';
import { reserveAction } from '@/server/http/rateLimit';
import { patientsWithoutConsent } from './resultAccess';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Read-only links to one patient's results of one order, for a doctor. The token is 32 random
 * bytes (256 bits, base64url) shown once at creation; only its SHA-256 is stored. A link works for
 * 1 to 30 days unless revoked; every opening of the page is recorded and the owner sees the last.
 * Expired and revoked links answer 410 Gone; unknown tokens 404.
 */

export const SHARE_DEFAULT_DAYS = 7;
export const SHARE_MAX_DAYS = 30;
export const SHARE_GONE = 'This link has expired or was revoked';
export const SHARE_TOO_OFTEN = 'This link was opened too often; try again later';
export const SHARE_NOT_FOUND = 'Share link not found';

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function shareUrl(token: string): string {
  return `${getConfig().appUrl}/shared/results/${token}`;
}

function shareDto(r: { id: number; created_at: string; expires_at: string; revoked_at: string | null; last_opened_at: string | null; open_count: number }, now: Date): ResultShareDto {
  const state = r.revoked_at ? 'revoked' : r.expires_at <= now.toISOString() ? 'expired' : 'active';
  return { id: r.id, createdAt: r.created_at, expiresAt: r.expires_at, revokedAt: r.revoked_at, lastOpenedAt: r.last_opened_at, openCount: r.open_count, state };
}

/** The owner's own order with results for that patient; anyone else 404 (as if it did not exist). */
async function loadOwned(db: Db, user: AuthUser, orderId: number, patientId: number): Promise<repo.OrderRow> {
  const order = await repo.getOrder(db, orderId);
  if (!order || order.user_id !== user.id) throw notFound(TEST_RESULT_NOT_FOUND);
  await getPatientResults(db, user, orderId, patientId); // 404 when the patient has no results in it
  return order;
}

export async function createShare(db: Db, user: AuthUser, orderId: number, patientId: number, days = SHARE_DEFAULT_DAYS, now = new Date()): Promise<ResultShareCreatedDto> {
  const order = await loadOwned(db, user, orderId, patientId);
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + days * 86_400_000).toISOString();
  const row = await sharesRepo.insertShare(db, { orderId: order.id, patientId, userId: user.id, tokenHash: hash(token), createdAt: now.toISOString(), expiresAt });
  return { ...shareDto(row, now), url: shareUrl(token) };
}

export async function listShares(db: Db, user: AuthUser, orderId: number, patientId: number, now = new Date()): Promise<ResultShareDto[]> {
  await loadOwned(db, user, orderId, patientId);
  const rows = await sharesRepo.listOwnShares(db, user.id, orderId, patientId);
  return rows.map((r) => shareDto(r, now));
}

/** Revokes a link (again is harmless); another user's or unknown link is 404. */
export async function revokeShare(db: Db, user: AuthUser, orderId: number, patientId: number, shareId: number, now = new Date()): Promise<void> {
  const row = await sharesRepo.findOwnShare(db, user.id, orderId, patientId, shareId);
  if (!row) throw notFound(SHARE_NOT_FOUND);
  if (!row.revoked_at) await sharesRepo.revokeShareById(db, shareId, now.toISOString());
}

/**
 * The live share of a token: 404 unknown, 410 expired or revoked, 429 when the link or the client
 * address opened it too often (`RATE_LIMIT_SHARE_*`: every opening is an audit record of the owner).
 */
async function liveShare(db: Db, token: string, now: Date, ip: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(SHARE_NOT_FOUND);
  const share = await sharesRepo.findShareByTokenHash(db, hash(token));
  if (!share) throw notFound(SHARE_NOT_FOUND);
  if (share.revoked_at || share.expires_at <= now.toISOString()) throw new HttpError(410, SHARE_GONE);
  await reserveAction(db, 'share', { ip: ip || 'unknown', key: `share:${share.id}` }, SHARE_TOO_OFTEN, now);
  const order = await repo.getOrder(db, share.order_id);
  if (!order || order.status === 'cancelled') throw new HttpError(410, SHARE_GONE);
  // Household consent: a link to an adult's results stops when the account may no longer read them.
  if ((await patientsWithoutConsent(db, share.user_id, [share.patient_id], now)).has(share.patient_id)) throw new HttpError(410, SHARE_GONE);
  return { share, order };
}

/** Every read through a share link goes into the owner's audit trail. */
function auditShare(db: Db, share: { id: number; order_id: number; patient_id: number; user_id: number }, ip: string, detail: string): Promise<void> {
  return recordAudit(db, { action: 'health_read', actorKind: 'share', shareId: share.id, subjectUserId: share.user_id, orderId: share.order_id, patientId: share.patient_id, ip, detail });
}

/** Only what the doctor needs: the patient's name and results (no account, address or contact data). */
function sharedView(data: PatientResultsDto, expiresAt: string): SharedResultsDto {
  return {
    patient: { firstName: data.patient.firstName, lastName: data.patient.lastName, dateOfBirth: data.patient.dateOfBirth, gender: data.patient.gender },
    orderNumber: data.testResult.orderNumber,
    // The collection as recorded (as the owner's page and PDF say), the booked visit only before one is.
    sampledAt: data.testResult.sampledAt ?? data.testResult.visit.start,
    laboratory: { cityName: data.testResult.laboratory.cityName, address: data.testResult.laboratory.address, phone: data.testResult.laboratory.phone, timeZone: data.testResult.visit.timeZone, ...(data.testResult.laboratory.i18n ? { i18n: data.testResult.laboratory.i18n } : {}) },
    results: data.results,
    pending: data.pending,
    expiresAt,
  };
}

/** Opening the shared page: recorded, then the results. */
export async function openShare(db: Db, token: string, ip = '', now = new Date()): Promise<SharedResultsDto> {
  const { share, order } = await liveShare(db, token, now, ip);
  await auditShare(db, share, ip, 'results');
  const at = now.toISOString();
  await inWriteTransaction(db, (trx) => sharesRepo.recordOpening(trx, share.id, at));
  return sharedView(await getPatientResultsOfOrder(db, order, share.patient_id), share.expires_at);
}

/** The PDF data of a shared link (downloads are not counted as openings). */
export async function sharedResultsForPdf(db: Db, token: string, ip = '', now = new Date()): Promise<PatientResultsDto> {
  const { share, order } = await liveShare(db, token, now, ip);
  await auditShare(db, share, ip, 'pdf');
  return getPatientResultsOfOrder(db, order, share.patient_id);
}

/**
 * A live share opened for another reader (the FHIR export, interop/sharedFhir.ts): the same checks and
 * limits as the page, and the opening recorded in the owner's audit trail as `detail`.
 */
export async function openShareFor(db: Db, token: string, ip: string, now: Date, detail: string): Promise<{ share: { patient_id: number }; order: repo.OrderRow }> {
  const { share, order } = await liveShare(db, token, now, ip);
  await auditShare(db, share, ip, detail);
  return { share, order };
}
