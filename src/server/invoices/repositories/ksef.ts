import type { Db } from '@/server/db/createDb';
import type { InvoiceRow } from './invoices';

/** Reads and writes of an invoice's KSeF fields (the only columns of an issued invoice set after it is written). */
type Q = Db;

export async function getInvoice(db: Q, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markQueued(db: Q, id: number): Promise<void> {
  await db.updateTable('invoices').set({ ksef_status: 'queued' }).where('id', '=', id).where('ksef_status', 'is', null).execute();
}

/**
 * A queued correction's FA(3) once it names the corrected invoice's KSeF number: the only change to a
 * document before it reaches KSeF (docs/invoices.md, "Corrections and KSeF"); never after it was sent.
 */
export async function setQueuedXml(db: Q, id: number, xml: string): Promise<void> {
  await db.updateTable('invoices').set({ xml }).where('id', '=', id).where('ksef_status', '=', 'queued').execute();
}

/** Sent in session `sessionRef` as `reference`; KSeF is checking it. */
export async function markSent(db: Q, id: number, sessionRef: string, reference: string, at: string): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ksef_status: 'sent', ksef_session_reference: sessionRef, ksef_reference: reference, ksef_sent_at: at })
    .where('id', '=', id)
    .where('ksef_status', 'in', ['queued', 'sent'])
    .execute();
}

export async function markAccepted(db: Q, id: number, fields: { number: string; upo: string; sessionRef: string; reference: string; at: string }): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ksef_status: 'accepted', ksef_number: fields.number, ksef_upo: fields.upo, ksef_session_reference: fields.sessionRef, ksef_reference: fields.reference, ksef_accepted_at: fields.at, ksef_last_error: null })
    .where('id', '=', id)
    .where('ksef_status', 'in', ['queued', 'sent'])
    .execute();
}

export async function markRejected(db: Q, id: number, reason: string): Promise<void> {
  await db.updateTable('invoices').set({ ksef_status: 'rejected', ksef_rejection_reason: reason }).where('id', '=', id).where('ksef_status', 'in', ['queued', 'sent']).execute();
}

/** Back to `queued` (the session failed on KSeF's side): the next attempt sends it again. */
export async function markRequeued(db: Q, id: number, error: string): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ksef_status: 'queued', ksef_session_reference: null, ksef_reference: null, ksef_last_error: error })
    .where('id', '=', id)
    .where('ksef_status', '=', 'sent')
    .execute();
}

/** An attempt that could not finish: counted, with its error; answers the attempts so far. */
export async function recordAttemptFailure(db: Q, id: number, error: string): Promise<number> {
  const row = await db
    .updateTable('invoices')
    .set((eb) => ({ ksef_attempts: eb('ksef_attempts', '+', 1), ksef_last_error: error.slice(0, 1000) }))
    .where('id', '=', id)
    .returning('ksef_attempts')
    .executeTakeFirst();
  return row?.ksef_attempts ?? 0;
}
