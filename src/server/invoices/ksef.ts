import type { Db } from '@/server/db/createDb';
import { getConfig } from '../config';
import type { KsefConfig } from '../ksefConfig';
import { log } from '../log';
import { enqueue } from '../jobs/queue';
import { backoffSeconds, JOB } from '../jobs/specs';
import { defineJob } from '../jobs/defineJob';
import { number, object } from 'yup';
import { inWriteTransaction } from '@/server/db/transactions';
import * as repo from '@/server/invoices/repositories/ksef';
import { KsefClient, KsefUnavailable } from './ksef/client';
import { sendInvoiceToKsef } from './ksef/send';

/**
 * Sending invoices to KSeF (docs/invoices.md, "Sending to KSeF"), on when the KSEF_* settings are
 * set (config.ts). Every invoice issued then is marked `queued` and gets the `ksef-send` job (key
 * `invoice:<id>`) in the transaction that wrote it. The job sends it (ksef/send.ts). While KSeF is
 * unavailable (no answer, 5xx, 429, still processing) the invoice stays queued and the job schedules
 * its next attempt itself: after KSeF's Retry-After or a doubling delay of at most 30 minutes, with
 * no end, the attempts and the last error on the row and in the log. Anything else (a refused token,
 * settings switched off) fails the job visibly, retried by the queue and then left for the staff.
 */
export const KSEF_SEND = JOB.ksefSend;

/** Longest wait between two attempts while KSeF is unavailable, seconds. */
export const KSEF_RETRY_MAX_SECONDS = 30 * 60;
const KSEF_RETRY_FIRST_SECONDS = 30;

/** Marks the invoice `queued` and enqueues its sending when KSeF is configured; idempotent per invoice. */
export async function queueKsefSend(trx: Db, invoiceId: number, laboratoryId: string, settings: KsefConfig | null = getConfig().ksef): Promise<boolean> {
  if (!settings) return false;
  await repo.markQueued(trx, invoiceId);
  await enqueue(trx, ksefSendJob, { invoiceId }, { key: `invoice:${invoiceId}`, laboratoryId });
  return true;
}

/** Delay before the next attempt after `attempts` unavailable ones, honouring KSeF's Retry-After. */
export function nextAttemptDelayMs(attempts: number, retryAfterMs: number | null): number {
  const backoff = backoffSeconds({ retryDelaySeconds: KSEF_RETRY_FIRST_SECONDS }, attempts, KSEF_RETRY_MAX_SECONDS) * 1000;
  return Math.max(backoff, retryAfterMs ?? 0);
}

export const ksefSendJob = defineJob({
  name: KSEF_SEND,
  payload: object({ invoiceId: number().integer().required() }),
  async handler({ invoiceId }, { db }) {
    const settings = getConfig().ksef;
    if (!settings) throw new Error(`KSeF settings are off; invoice ${invoiceId} waits until KSEF_ENV, KSEF_TOKEN and KSEF_NIP are set`);
    try {
      const outcome = await sendInvoiceToKsef(db, invoiceId, new KsefClient(settings));
      if (outcome !== 'skipped') log().info({ invoiceId, outcome }, 'KSeF send finished');
    } catch (e) {
      if (!(e instanceof KsefUnavailable)) {
        await repo.recordAttemptFailure(db, invoiceId, (e as Error).message);
        throw e;
      }
      await inWriteTransaction(db, async (trx) => {
        const attempts = await repo.recordAttemptFailure(trx, invoiceId, e.message);
        const row = await repo.getInvoice(trx, invoiceId);
        const runAt = new Date(Date.now() + nextAttemptDelayMs(attempts, e.retryAfterMs));
        await enqueue(trx, ksefSendJob, { invoiceId }, { key: `invoice:${invoiceId}:${attempts}`, runAt, laboratoryId: row?.laboratory_id ?? null });
        log().warn({ invoiceId, attempts, nextAttemptAt: runAt.toISOString(), error: e.message }, 'KSeF unavailable; the invoice waits for the next attempt');
      });
    }
  },
});
