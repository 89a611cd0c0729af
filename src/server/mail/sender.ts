import { getConfig } from '../config';
import { log } from '../log';
import * as repo from '@/server/mail/repositories/mailOutbox';
import { enqueue } from '../jobs/queue';
import { JOB, specOf, backoffSeconds } from '../jobs/specs';
import { safeError } from '../jobs/keys';
import { defineJob } from '../jobs/defineJob';
import { sendMail, type MailMessage } from './mailer';
import { MAIL_SEND } from './queueMail';
import { mailCounter } from '../metrics';

/**
 * The `mail-send` job: delivers one outbox mail. The attempt is recorded before the SMTP
 * conversation; on success the mail is marked sent. A transient failure (refused, timed out, 4xx)
 * schedules the next attempt with exponential backoff capped at MAIL_RETRY_MAX_MINUTES; a permanent
 * 5xx dead-letters this mail only. A worker that dies between the server's acceptance and the
 * record leaves the mail `sending`: it is sent again with the same Message-ID once its attempt is
 * stale (the at-least-once boundary, docs/backend.md).
 */
/** Give up on a mail this long after it was queued (it is then failed, visible to staff). */
const GIVE_UP_MS = 3 * 24 * 3_600_000;

function isPermanent(e: unknown): boolean {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export const mailSendJob = defineJob({
  ...MAIL_SEND,
  async handler({ mailId }, { db }) {
    const now = new Date();
    const staleBefore = new Date(now.getTime() - specOf(JOB.mailSend).timeoutSeconds * 1000).toISOString();
    const mail = await repo.startAttempt(db, mailId, now.toISOString(), staleBefore);
    if (!mail) return;
    const message: MailMessage = {
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      messageId: mail.message_id,
      ...(mail.html_body ? { html: mail.html_body } : {}),
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      ...(mail.ical ? { icalEvent: JSON.parse(mail.ical) as NonNullable<MailMessage['icalEvent']> } : {}),
    };
    try {
      await sendMail(message);
    } catch (e) {
      const error = safeError(e);
      const at = new Date();
      const giveUp = isPermanent(e) || at.getTime() - Date.parse(mail.created_at) > GIVE_UP_MS;
      await repo.markAttemptFailed(db, mailId, giveUp ? 'failed' : 'queued', error, at.toISOString());
      mailCounter('failed', mail.kind);
      log().warn({ mail: mail.kind, id: mailId, attempt: mail.attempts, error, final: giveUp }, 'Mail not delivered');
      if (!giveUp) {
        const delay = backoffSeconds({ retryDelaySeconds: 2 }, mail.attempts, getConfig().mailRetryMaxMinutes * 60);
        await enqueue(db, mailSendJob, { mailId }, { key: `${mailId}:${mail.attempts + 1}`, runAt: new Date(at.getTime() + delay * 1000), priority: mail.priority, laboratoryId: mail.laboratory_id });
      }
      return;
    }
    await repo.markSent(db, mailId, new Date().toISOString());
    mailCounter('sent', mail.kind);
  },
});
