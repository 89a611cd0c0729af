import type { Db } from '@/server/db/createDb';
import { enqueue } from '../jobs/queue';
import type { JobDefinition } from '../jobs/types';

/**
 * Sending invoices to KSeF (the national e-invoice system) sits behind settings, off by default
 * (docs/invoices.md). When on, every issued invoice enqueues the `ksef-send` job in the transaction
 * that wrote it; the job opens an interactive session with the configured KSeF environment, sends
 * the stored FA(3) XML and stores the KSeF number it is given. The client is not part of the shop
 * yet: with sending on and no client, the job fails visibly (dead-lettered) rather than pretend.
 */
export const KSEF_SEND = 'ksef-send';

export interface KsefSettings {
  enabled: boolean;
  /** Base URL of the KSeF API (test, demo or production environment). */
  apiUrl: string | null;
  /** Path of the file holding the KSeF authorisation token of the seller (never in the database). */
  tokenFile: string | null;
}

export function ksefSettings(env: NodeJS.ProcessEnv = process.env): KsefSettings {
  return {
    enabled: env.KSEF_ENABLED === 'true' || env.KSEF_ENABLED === '1',
    apiUrl: env.KSEF_API_URL || null,
    tokenFile: env.KSEF_TOKEN_FILE || null,
  };
}

/** Enqueues the sending of an invoice when KSeF sending is on; idempotent per invoice. */
export async function queueKsefSend(trx: Db, invoiceId: number, laboratoryId: string, settings = ksefSettings()): Promise<boolean> {
  if (!settings.enabled) return false;
  await enqueue(trx, KSEF_SEND, { invoiceId }, { key: `invoice:${invoiceId}`, laboratoryId });
  return true;
}

export const ksefSendJob: JobDefinition<{ invoiceId: number }> = {
  name: KSEF_SEND,
  async handler(payload) {
    const settings = ksefSettings();
    if (!settings.enabled) return;
    throw new Error(`KSeF sending is on but no KSeF client is configured (invoice ${payload.invoiceId}); see docs/invoices.md`);
  },
};
