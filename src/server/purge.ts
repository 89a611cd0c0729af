import type { Db } from '@/server/db/createDb';
import { getConfig } from '@/server/config';
import { deleteDeadTokens } from '@/server/accounts/repositories/accounts';
import { deleteOldSecurityEvents } from '@/server/audit/repositories/audit';
import { deleteExpiredDevices } from '@/server/accounts/repositories/devices';
import { deleteFinishedJobs } from '@/server/jobs/repositories/jobs';
import { deleteAttemptsBefore } from '@/server/accounts/repositories/loginAttempts';
import { deleteOldMail } from '@/server/mail/repositories/mailOutbox';
import { deleteEndedSessions } from '@/server/accounts/repositories/sessions';
import { deleteExpiredShares } from '@/server/results/repositories/shares';
import { JOB } from '@/server/jobs/specs';
import { defineJob } from '@/server/jobs/defineJob';
import { object } from 'yup';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * The purge job: rows that only served a moment are deleted once useless -- expired tokens at once,
 * revoked tokens, sign-in sessions that ended (with their refresh tokens), login attempts, expired
 * share links and finished jobs after `RETENTION_DAYS`. It deletes rows of several domains (accounts,
 * audit, jobs, mail, results) through their repositories, so it lives beside the job list, above them.
 */

export const PURGE = JOB.purge;
/** The purge runs once a day. */
export const PURGE_EVERY_MS = 24 * 3_600_000;

export interface PurgeReport {
  tokens: number;
  sessions: number;
  loginAttempts: number;
  shares: number;
  jobs: number;
  mails: number;
}

export async function purgeOldRows(db: Db, now = new Date()): Promise<PurgeReport> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - getConfig().retentionDays * 24 * 3_600_000).toISOString();
  return inWriteTransaction(db, async (trx) => {
    const tokens = await deleteDeadTokens(trx, at, cutoff);
    const sessions = await deleteEndedSessions(trx, cutoff);
    const loginAttempts = await deleteAttemptsBefore(trx, cutoff);
    await deleteExpiredDevices(trx, now);
    // Security events: anonymous ones (an address without an account) after the retention period, the rest after a year.
    await deleteOldSecurityEvents(trx, cutoff, new Date(now.getTime() - 365 * 86400000).toISOString());
    const shares = await deleteExpiredShares(trx, cutoff);
    const jobs = await deleteFinishedJobs(trx, cutoff);
    const mails = await deleteOldMail(trx, cutoff);
    return { tokens, sessions, loginAttempts, shares, jobs, mails };
  });
}

/** The `purge` job: once a day (the queue keeps one run per day, src/server/jobs/worker.ts; listed in src/server/jobList.ts). */
export const purgeJob = defineJob({
  name: PURGE,
  payload: object({}),
  everyMs: PURGE_EVERY_MS,
  async handler(_payload, { db, now }) {
    await purgeOldRows(db, now);
  },
});
