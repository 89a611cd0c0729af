import type { Db } from '../db/createDb';
import type { AuthUser } from '../http/auth';
import { conflict, forbidden, notFound } from '../http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import * as mailRepo from '@/server/mail/repositories/mailOutbox';
import { discardJob, enqueue, findJob, listJobs, retryJob } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { recordAudit, actorOf } from '@/server/audit/audit';
import { MAIL_SEND } from '@/server/mail/queueMail';
import type { BackgroundWorkDto } from '@/shared/types/backgroundWork';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * The staff console's "Background work": the laboratory's mail that is not sent yet (waiting,
 * being sent, failed with its last error) and its waiting, retrying and dead-lettered jobs, with
 * "retry now" and "discard", audited. Staff see their own laboratory's work only; another
 * laboratory's mail or job is 404. No payload, body or subject is shown.
 */
function labOf(user: AuthUser): string {
  if (!user.staffLaboratoryId) throw forbidden();
  return user.staffLaboratoryId;
}

/** `anna.nowak@example.com` -> `a***@example.com`: enough to tell mails apart, not a list of addresses. */
export function maskAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Jobs that move money or its records: a discarded one would leave a refund pending for good, an
 * unpaid order holding its visit, or an invoice never sent to KSeF. Staff may retry them, never discard.
 */
export const MONEY_JOBS: ReadonlySet<string> = new Set([JOB.paymentRefund, JOB.paymentRefundCheck, JOB.paymentExpire, JOB.ksefSend]);
export const MONEY_JOB_NOT_DISCARDABLE = 'Money jobs (refunds, payment holds, KSeF sending) cannot be discarded; retry them instead';

export async function listBackgroundWork(db: Db, user: AuthUser): Promise<BackgroundWorkDto> {
  const laboratoryId = labOf(user);
  const [mails, jobs] = await Promise.all([mailRepo.listUnsentMail(db, { laboratoryId, limit: 100 }), listJobs(db, { laboratoryId, limit: 100 })]);
  return {
    mails: mails.map((m) => ({ id: m.id, kind: m.kind, to: maskAddress(m.to_address), status: m.status as 'queued' | 'sending' | 'failed', attempts: m.attempts, lastError: m.last_error, createdAt: m.created_at, attemptedAt: m.attempted_at })),
    // A mail's own delivery jobs are shown through the mail.
    jobs: jobs.filter((j) => j.name !== JOB.mailSend).map((j) => ({ id: j.id, name: j.name, state: j.state as 'pending' | 'running' | 'retrying' | 'failed', attempts: j.attempts, lastError: j.lastError, runAt: j.runAt, createdAt: j.createdAt, discardable: !MONEY_JOBS.has(j.name) })),
  };
}

async function ownMail(db: Db, laboratoryId: string, id: number): Promise<mailRepo.MailRow> {
  const mail = await mailRepo.findMail(db, id);
  if (!mail || mail.laboratory_id !== laboratoryId) throw notFound('Mail not found');
  return mail;
}

export async function actOnMail(db: Db, user: AuthUser, id: number, action: 'retry' | 'discard', ip: string): Promise<BackgroundWorkDto> {
  const laboratoryId = labOf(user);
  await inWriteTransaction(db, async (trx) => {
    const mail = await ownMail(trx, laboratoryId, id);
    const now = new Date().toISOString();
    if (action === 'retry') {
      if (!(await mailRepo.requeueMail(trx, id, now))) throw notFound('Mail not found');
      await enqueue(trx, MAIL_SEND, { mailId: id }, { key: `${id}:retry:${now}`, priority: mail.priority, laboratoryId });
    } else if (!(await mailRepo.discardMail(trx, id, now))) throw notFound('Mail not found');
    await recordAudit(trx, { action: 'background_work', ...actorOf(user), laboratoryId, ip, detail: `${action} mail ${mail.kind} #${id}` });
  });
  return listBackgroundWork(db, user);
}

export async function actOnJob(db: Db, user: AuthUser, id: string, action: 'retry' | 'discard', ip: string): Promise<BackgroundWorkDto> {
  const laboratoryId = labOf(user);
  const job = await findJob(db, id);
  if (!job || job.laboratoryId !== laboratoryId) throw notFound('Job not found');
  if (action === 'discard' && MONEY_JOBS.has(job.name)) throw conflict(MONEY_JOB_NOT_DISCARDABLE, undefined, ERROR_CODES.moneyJobNotDiscardable);
  const done = action === 'retry' ? await retryJob(db, job) : await discardJob(db, job);
  if (!done) throw notFound('Job not found');
  await recordAudit(db, { action: 'background_work', ...actorOf(user), laboratoryId, ip, detail: `${action} job ${job.name} ${job.id}` });
  return listBackgroundWork(db, user);
}
