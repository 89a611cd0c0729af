import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from '../config';

/**
 * Outgoing mail through nodemailer: to the SMTP server of `SMTP_URL` when it is set, else each
 * message is written as an `.eml` file under the outbox directory (`./data/outbox/` by default),
 * which a developer can open in any mail client.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (e.g. the visitor who wrote to support). */
  replyTo?: string;
  /** An iCalendar (RFC 5545) event, sent as a `text/calendar` part and an `.ics` attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };
  /** A fixed Message-ID (`<id@host>`), so a mail sent again after a crash is recognisably the same message. */
  messageId?: string;
}

const holder = globalThis as unknown as { __labShopSmtp?: { url: string; timeout: number; transport: Transporter } };

/**
 * The SMTP transport, with connection, greeting and socket timeouts of SMTP_CONNECTION_TIMEOUT_MS
 * (a few seconds, never nodemailer's minutes): a stalled server fails the attempt, which is retried.
 */
function smtpTransport(url: string, timeout: number): Transporter {
  if (holder.__labShopSmtp?.url !== url || holder.__labShopSmtp.timeout !== timeout) {
    holder.__labShopSmtp?.transport.close();
    holder.__labShopSmtp = { url, timeout, transport: nodemailer.createTransport({ url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout * 2 }) };
  }
  return holder.__labShopSmtp.transport;
}

function outboxFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`;
}

/** Delivers one message now. Only the outbox's sender calls it (src/server/mail/sender.ts); everything else queues mail with `queueMail`. */
export async function sendMail(msg: MailMessage): Promise<void> {
  const config = getConfig();
  const mail = { from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}), ...(msg.replyTo ? { replyTo: msg.replyTo } : {}), ...(msg.icalEvent ? { icalEvent: msg.icalEvent } : {}), ...(msg.messageId ? { messageId: msg.messageId } : {}) };
  if (config.smtpUrl) {
    await smtpTransport(config.smtpUrl, config.smtpConnectionTimeoutMs).sendMail(mail);
    return;
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  await fs.mkdir(config.outboxDir, { recursive: true });
  await fs.writeFile(path.join(config.outboxDir, outboxFileName()), info.message as Buffer);
}

/**
 * Removes the outbox directory's `.eml` files addressed to `address` (erasure: the files hold the
 * mails' bodies, which the database no longer does once sent); answers how many went.
 */
export async function deleteOutboxFilesTo(address: string): Promise<number> {
  const dir = getConfig().outboxDir;
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return 0;
  }
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    const head = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const to = /^To:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.toLowerCase() ?? '';
    if (to.split(/[\s,<>]+/).includes(wanted)) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** An absolute link into the app for e-mails: `buildAppUrl('/reset-password?token=x')`. */
export function buildAppUrl(pathWithQuery: string): string {
  const base = getConfig().appUrl.replace(/\/+$/, '');
  return `${base}${pathWithQuery.startsWith('/') ? '' : '/'}${pathWithQuery}`;
}
