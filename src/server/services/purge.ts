import type { Db } from '../db/createDb';
import { getConfig } from '../config';
import { deleteFinishedJobs } from '../repositories/jobs';
import { deleteOldMail } from '../repositories/mailOutbox';
import { JOB } from '../jobs/specs';
import type { JobDefinition } from '../jobs/types';

/**
 * The purge job: rows that only served a moment are deleted once useless -- expired tokens at once,
 * revoked tokens, sign-in sessions that ended (with their refresh tokens), login attempts, expired
 * share links and finished jobs after `RETENTION_DAYS`.
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
  return db.transaction().execute(async (trx) => {
    const tokens = await trx
      .deleteFrom('auth_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', at), eb('revoked_at', '<', cutoff)]))
      .executeTakeFirst();
    const ended = trx
      .selectFrom('sessions')
      .select('id')
      .where((eb) => eb.or([eb('revoked_at', '<', cutoff), eb('idle_expires_at', '<', cutoff), eb('absolute_expires_at', '<', cutoff)]));
    await trx.deleteFrom('refresh_tokens').where('session_id', 'in', ended).execute();
    const sessions = await trx
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('revoked_at', '<', cutoff), eb('idle_expires_at', '<', cutoff), eb('absolute_expires_at', '<', cutoff)]))
      .executeTakeFirst();
    const attempts = await trx.deleteFrom('login_attempts').where('at', '<', cutoff).executeTakeFirst();
    await trx.deleteFrom('known_devices').where('expires_at', '<', now.toISOString()).execute();
    // Security events: anonymous ones (an address without an account) after the retention period, the rest after a year.
    await trx.deleteFrom('security_events').where('subject_user_id', 'is', null).where('last_at', '<', cutoff).execute();
    await trx.deleteFrom('security_events').where('last_at', '<', new Date(now.getTime() - 365 * 86400000).toISOString()).execute();
    const oldShares = trx.selectFrom('result_shares').select('id').where('expires_at', '<', cutoff);
    await trx.deleteFrom('result_share_openings').where('share_id', 'in', oldShares).execute();
    const shares = await trx.deleteFrom('result_shares').where('expires_at', '<', cutoff).executeTakeFirst();
    const jobs = await deleteFinishedJobs(trx, cutoff);
    const mails = await deleteOldMail(trx, cutoff);
    return { tokens: Number(tokens.numDeletedRows), sessions: Number(sessions.numDeletedRows), loginAttempts: Number(attempts.numDeletedRows), shares: Number(shares.numDeletedRows), jobs, mails };
  });
}

/** The `purge` job: once a day (the queue keeps one run per day, src/server/jobs/worker.ts). */
export const purgeJob: JobDefinition = {
  name: PURGE,
  everyMs: PURGE_EVERY_MS,
  async handler(_payload, { db, now }) {
    await purgeOldRows(db, now);
  },
};
