import type { Db } from '../db/createDb';
import { checkQueue, countJobs } from '../jobs/queue';
import { pingDatabase } from '@/server/ops/repositories/health';
import { countMail } from '@/server/mail/repositories/mailOutbox';
import { getConfig } from '../config';
import { playMoneyProviderOn } from '@/server/payments/providers';
import { renderMetrics } from '../metrics';
import { HttpError } from '../http/errors';
import { safeError } from '../jobs/keys';

/** `GET /api/health`: the process answers and its database connection works (a failure is the route's 500). */
export async function liveness(db: Db): Promise<{ status: 'ok' }> {
  await pingDatabase(db);
  return { status: 'ok' };
}

/**
 * `GET /api/health/ready`: the database and the job queue answer; 503 naming what does not. With the
 * test payment provider on in production it says so (`testPayments: true`): any order can then be
 * "paid" for nothing (docs/payments.md).
 */
export async function readiness(db: Db): Promise<{ status: 'ok'; checks: Record<string, 'ok'>; testPayments?: true }> {
  const failed: Record<string, string> = {};
  await pingDatabase(db).catch((e: unknown) => (failed.database = safeError(e)));
  if (!failed.database) await checkQueue(db).catch((e: unknown) => (failed.queue = safeError(e)));
  if (Object.keys(failed).length) throw new HttpError(503, `Not ready: ${Object.keys(failed).join(', ')}`, { fields: failed });
  return { status: 'ok', checks: { database: 'ok', queue: 'ok' }, ...(playMoneyProviderOn() && process.env.NODE_ENV === 'production' ? { testPayments: true as const } : {}) };
}

/** `GET /api/metrics` with `Authorization: Bearer <METRICS_TOKEN>`; off (404) without a token configured. */
export async function metricsFor(db: Db, authorization: string | undefined): Promise<{ contentType: string; body: string }> {
  const token = getConfig().metricsToken;
  if (!token) throw new HttpError(404, 'Not found');
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  const crypto = await import('node:crypto');
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  if (!given || !crypto.timingSafeEqual(a, b)) throw new HttpError(401, 'A valid metrics token is required', { headers: { 'WWW-Authenticate': 'Bearer' } });
  return renderMetrics(async () => ({ jobs: await countJobs(db), mail: await countMail(db) }));
}
