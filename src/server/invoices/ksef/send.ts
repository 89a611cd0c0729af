import type { Db } from '@/server/db/createDb';
import { fa3SchemaErrors } from '../fa3Validate';
import * as repo from '@/server/invoices/repositories/ksef';
import { KsefRefused, KsefUnavailable, type KsefClient, type SessionInvoiceStatus } from './client';

/**
 * Sends one issued invoice to KSeF and follows it to its end (docs/invoices.md, "Sending to KSeF"):
 * `queued` -> an online session opened, the stored FA(3) XML sent encrypted -> `sent` (the session's
 * and the invoice's reference numbers kept, so a later attempt asks about the same invoice instead of
 * sending it twice) -> the invoice's status polled -> `accepted` with the KSeF number and the UPO, or
 * `rejected` with KSeF's reason; the session is then closed. KSeF unreachable, busy (429) or still
 * processing: KsefUnavailable is thrown and the row stays `queued` or `sent` for the next attempt.
 */

/** Statuses of a sent invoice (SessionInvoiceStatusResponse): still in progress, or a failure on KSeF's side worth a new send. */
const IN_PROGRESS = new Set([100, 150]);
const RESEND = new Set([405, 500, 550]);
const DUPLICATE = 440;

export interface SendOptions {
  /** How long the invoice's status is polled in one attempt, ms. */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

const statusText = (s: SessionInvoiceStatus['status']) => [`${s.code} ${s.description}`, ...(s.details ?? [])].join(': ');

export async function sendInvoiceToKsef(db: Db, invoiceId: number, client: KsefClient, opts: SendOptions = {}): Promise<'accepted' | 'rejected' | 'skipped'> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? (() => new Date());
  const row = await repo.getInvoice(db, invoiceId);
  if (!row || (row.ksef_status !== 'queued' && row.ksef_status !== 'sent')) return 'skipped';

  // A correction follows its original into KSeF (tryby-offline.md): it waits while the original is on
  // its way, and names the original's KSeF number (DaneFaKorygowanej/NrKSeFFaKorygowanej) once known,
  // also when it was issued before the original was accepted.
  let xml = row.xml;
  if (row.kind === 'KOR' && row.corrects_invoice_id && row.ksef_status === 'queued') {
    const original = await repo.getInvoice(db, row.corrects_invoice_id);
    if (original && (original.ksef_status === 'queued' || original.ksef_status === 'sent')) throw new KsefUnavailable(`waiting for invoice ${original.number} to get its KSeF number before its correction`);
    if (original?.ksef_status === 'rejected') throw new Error(`invoice ${original.number} was rejected by KSeF (${original.ksef_rejection_reason ?? 'no reason'}); its correction ${row.number} waits until it is in KSeF`);
    if (original?.ksef_number && !xml.includes(`<NrKSeFFaKorygowanej>${original.ksef_number}</NrKSeFFaKorygowanej>`)) {
      xml = await correctionNamingKsefNumber(xml, original.ksef_number, row.number);
      await repo.setQueuedXml(db, invoiceId, xml);
    }
  }

  let sessionRef = row.ksef_session_reference;
  let invoiceRef = row.ksef_reference;
  if (row.ksef_status === 'queued' || !sessionRef || !invoiceRef) {
    const session = await client.openSession();
    sessionRef = session.referenceNumber;
    invoiceRef = await client.sendInvoice(session, Buffer.from(xml, 'utf8'));
    await repo.markSent(db, invoiceId, sessionRef, invoiceRef, now().toISOString());
  }

  const deadline = Date.now() + (opts.pollMs ?? 20_000);
  let status: SessionInvoiceStatus;
  for (let pause = 250; ; pause = Math.min(pause * 2, 2000)) {
    status = await client.invoiceStatus(sessionRef, invoiceRef);
    if (!IN_PROGRESS.has(status.status.code)) break;
    if (Date.now() > deadline) throw new KsefUnavailable(`KSeF is still processing invoice ${invoiceRef} (${statusText(status.status)})`);
    await sleep(pause);
  }

  const code = status.status.code;
  if (code === 200 && status.ksefNumber) {
    const upo = await client.invoiceUpo(sessionRef, invoiceRef);
    await repo.markAccepted(db, invoiceId, { number: status.ksefNumber, upo, sessionRef, reference: invoiceRef, at: now().toISOString() });
    await closeQuietly(client, sessionRef);
    return 'accepted';
  }
  // Already in KSeF (an earlier send whose answer was lost): the original number and its UPO.
  const original = status.status.extensions ?? {};
  if (code === DUPLICATE && original.originalKsefNumber && original.originalSessionReferenceNumber) {
    const upo = await client.invoiceUpoByKsefNumber(original.originalSessionReferenceNumber, original.originalKsefNumber);
    await repo.markAccepted(db, invoiceId, { number: original.originalKsefNumber, upo, sessionRef: original.originalSessionReferenceNumber, reference: invoiceRef, at: now().toISOString() });
    await closeQuietly(client, sessionRef);
    return 'accepted';
  }
  if (RESEND.has(code)) {
    await repo.markRequeued(db, invoiceId, statusText(status.status));
    throw new KsefUnavailable(`KSeF could not process invoice ${invoiceRef}: ${statusText(status.status)}`);
  }
  await repo.markRejected(db, invoiceId, statusText(status.status));
  await closeQuietly(client, sessionRef);
  return 'rejected';
}

/**
 * The correction's FA(3) with the corrected invoice's KSeF number in place of "not in KSeF"
 * (`NrKSeFN`): `NrKSeF` 1 and `NrKSeFFaKorygowanej`, as the schema orders them. Checked against the
 * schema before it is stored and sent.
 */
export async function correctionNamingKsefNumber(xml: string, ksefNumber: string, number: string): Promise<string> {
  const without = /^([ \t]*)<NrKSeFN>1<\/NrKSeFN>$/m.exec(xml);
  if (!without) throw new Error(`correction ${number}: no NrKSeFN in its DaneFaKorygowanej to replace with the KSeF number ${ksefNumber}`);
  const indent = without[1] ?? '';
  const named = xml.replace(without[0], `${indent}<NrKSeF>1</NrKSeF>\n${indent}<NrKSeFFaKorygowanej>${ksefNumber}</NrKSeFFaKorygowanej>`);
  const errors = await fa3SchemaErrors(named);
  if (errors) throw new Error(`correction ${number} with KSeF number ${ksefNumber} is not valid FA(3): ${errors.slice(0, 500)}`);
  return named;
}

/** Closing the session starts its collective UPO; a failure to close changes nothing for the invoice. */
async function closeQuietly(client: KsefClient, sessionRef: string): Promise<void> {
  try {
    await client.closeSession(sessionRef);
  } catch (e) {
    if (!(e instanceof KsefUnavailable || e instanceof KsefRefused)) throw e;
  }
}
