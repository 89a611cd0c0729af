import type { Selectable } from 'kysely';
import type { MailOutboxTable, MailStatus } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';

/** Queries of the mail outbox; the rules are in src/server/mail/outbox/. */
export type MailRow = Selectable<MailOutboxTable>;

export interface NewMail {
  messageId: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  ical: string | null;
  laboratoryId: string | null;
  priority: number;
}

/** Inserts the mail unless its Message-ID is already there; returns the row's id either way. */
export async function insertMail(db: Db, m: NewMail, now: string): Promise<{ id: number; inserted: boolean }> {
  const res = await db
    .insertInto('mail_outbox')
    .values({ message_id: m.messageId, kind: m.kind, to_address: m.to, reply_to: m.replyTo, subject: m.subject, text_body: m.text, html_body: m.html, ical: m.ical, laboratory_id: m.laboratoryId, priority: m.priority, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (res) return { id: res.id, inserted: true };
  const row = await db.selectFrom('mail_outbox').select('id').where('message_id', '=', m.messageId).executeTakeFirstOrThrow();
  return { id: row.id, inserted: false };
}

export async function findMail(db: Db, id: number): Promise<MailRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Records an attempt before the SMTP conversation: a queued mail (or one whose earlier attempt
 * started before `staleBefore`, its worker gone) becomes `sending` with one more attempt. Null when
 * the mail is not to be sent now (sent, failed, discarded, or being sent by another worker).
 */
export async function startAttempt(db: Db, id: number, now: string, staleBefore: string): Promise<MailRow | null> {
  const res = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), attempted_at: now, updated_at: now }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'sending'), eb('attempted_at', '<', staleBefore)])]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return (await findMail(db, id)) ?? null;
}

/** Sent: the body is cleared (the outbox keeps only what shows that it was sent). */
export async function markSent(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now, updated_at: now, last_error: null, text_body: '', html_body: null, ical: null }).where('id', '=', id).execute();
}

export async function markAttemptFailed(db: Db, id: number, status: 'queued' | 'failed', error: string, now: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status, last_error: error, updated_at: now }).where('id', '=', id).where('status', '=', 'sending').execute();
}

/** A failed mail is queued again (staff's "retry now"); false when it is not failed. */
export async function requeueMail(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('mail_outbox').set({ status: 'queued', updated_at: now }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A failed or queued mail will not be sent (staff's "discard"). */
export async function discardMail(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('mail_outbox').set({ status: 'discarded', updated_at: now, text_body: '', html_body: null, ical: null }).where('id', '=', id).where('status', 'in', ['failed', 'queued']).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Mails not yet sent (queued, sending, failed), newest first; `laboratoryId` undefined: every laboratory's. */
export async function listUnsentMail(db: Db, opts: { laboratoryId?: string; limit: number }): Promise<MailRow[]> {
  let q = db.selectFrom('mail_outbox').selectAll().where('status', 'in', ['queued', 'sending', 'failed'] satisfies MailStatus[]);
  if (opts.laboratoryId !== undefined) q = q.where('laboratory_id', '=', opts.laboratoryId);
  return q.orderBy('created_at', 'desc').limit(opts.limit).execute();
}

export async function countMail(db: Db): Promise<{ status: MailStatus; n: number }[]> {
  const rows = await db.selectFrom('mail_outbox').select('status').select((eb) => eb.fn.countAll<number>().as('n')).groupBy('status').execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** Sent or discarded mails older than `before` are deleted by the purge. */
export async function deleteOldMail(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('mail_outbox').where('status', 'in', ['sent', 'discarded']).where('updated_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The mails to an address (the account export): what, when, whether sent; never the body. */
export async function listMailTo(db: Db, address: string): Promise<{ kind: string; status: MailStatus; created_at: string; sent_at: string | null }[]> {
  return db.selectFrom('mail_outbox').select(['kind', 'status', 'created_at', 'sent_at']).where('to_address', '=', address).orderBy('id').execute();
}

/** Erasure: every outbox row to the address goes (sent ones keep no body, waiting ones are moot). */
export async function deleteMailTo(db: Db, address: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('to_address', '=', address).execute();
}
