import crypto from 'node:crypto';
import { getConfig } from '../config';
import * as repo from '@/server/mail/repositories/mailOutbox';
import { enqueue } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { declareJob } from '../jobs/defineJob';
import { number, object } from 'yup';
import { inWriteTransaction } from '../db/transactions';
import type { JobDb } from '../jobs/types';
import type { MailMessage } from './mailer';

/** The `mail-send` job's name and payload (its handler: sender.ts `mailSendJob`). */
export const MAIL_SEND = declareJob({ name: JOB.mailSend, payload: object({ mailId: number().integer().required() }) });

/**
 * Every mail the shop sends goes through here (docs/backend.md, "Jobs and the mail outbox"): a row
 * of the outbox and a `mail-send` job, written with `db` -- the transaction of the change that owes
 * the mail -- so the mail is owed exactly when the change commits. The caller never waits for SMTP.
 */
export interface QueuedMail extends MailMessage {
  /** The template, e.g. `passwordReset` (shown to staff instead of the subject). */
  kind: string;
  /** The laboratory whose staff see the mail in the console (null: operators only). */
  laboratoryId?: string | null;
  /** `critical` (a critical result's alert) is sent before everything else. */
  priority?: 'critical' | 'normal';
}

export const CRITICAL_PRIORITY = 10;

/**
 * A Message-ID `<local@host>`, the host being the shop's (APP_URL). A mail owed once per event passes a
 * stable `local` (e.g. `visit-reminder-<order>-<start>`), so queueing it again is a no-op.
 */
export function mailMessageId(local: string): string {
  const host = new URL(getConfig().appUrl).hostname || 'localhost';
  return `<${local}@${host}>`;
}

/** A Message-ID for a new mail: `<kind.random@host>`. */
function newMessageId(kind: string): string {
  return mailMessageId(`${kind}.${crypto.randomBytes(12).toString('hex')}`);
}

/** Queues the mail; returns its Message-ID. A mail with a Message-ID already queued is not queued twice. */
export async function queueMail(db: JobDb, mail: QueuedMail): Promise<string> {
  const messageId = mail.messageId ?? newMessageId(mail.kind);
  const priority = mail.priority === 'critical' ? CRITICAL_PRIORITY : 0;
  const laboratoryId = mail.laboratoryId ?? null;
  // The row and its job commit together (in the caller's transaction, or in one of their own).
  const write = async (trx: JobDb) => {
    const { id } = await repo.insertMail(
      trx,
      { messageId, kind: mail.kind, to: mail.to, replyTo: mail.replyTo ?? null, subject: mail.subject, text: mail.text, html: mail.html ?? null, ical: mail.icalEvent ? JSON.stringify(mail.icalEvent) : null, laboratoryId, priority },
      new Date().toISOString(),
    );
    await enqueue(trx, MAIL_SEND, { mailId: id }, { key: `${id}:1`, priority, laboratoryId });
  };
  await inWriteTransaction(db, write);
  return messageId;
}
