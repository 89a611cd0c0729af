import type { Db } from '../db/createDb';
import { badRequest, HttpError, tooManyRequests } from '../http/errors';
import { sendMail } from '../mail/mailer';
import { reserveAttempts } from '../rateLimit';
import { mailTranslator } from '../mail/i18n';
import type { Language } from '@/i18n';
import type { LaboratoryDto } from '@/lib/types/api';
import { SUPPORT_MESSAGES, type SupportContactInput, type SupportContactResponse } from '@/lib/validation/support';
import { getLaboratory, listLaboratories } from './laboratories';

/** At most this many support messages per hour from one address and for one e-mail (kept in the database). */
export const SUPPORT_LIMIT_PER_HOUR = 5;
export const SUPPORT_RATE_MESSAGE = 'Too many messages, please try again in an hour';
const HOUR_MS = 60 * 60 * 1000;

async function laboratoryFor(db: Db, laboratoryId: string | undefined): Promise<LaboratoryDto> {
  if (laboratoryId) {
    try {
      return await getLaboratory(db, laboratoryId);
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) {
        throw badRequest(SUPPORT_MESSAGES.laboratoryInvalid, { laboratoryId: SUPPORT_MESSAGES.laboratoryInvalid });
      }
      throw e;
    }
  }
  const first = (await listLaboratories(db))[0];
  if (!first) throw new HttpError(503, 'Support is not available: no laboratory is configured');
  return first;
}

/** Refuses a message over the hourly limits, else reserves it atomically (one row per key in login_attempts). */
async function rateLimit(db: Db, keys: string[], now: Date): Promise<void> {
  const { wait } = await reserveAttempts(db, keys.map((key) => ({ key, max: SUPPORT_LIMIT_PER_HOUR })), HOUR_MS, 'all', now);
  if (wait > 0) throw tooManyRequests(wait, SUPPORT_RATE_MESSAGE);
}

/**
 * Sends a visitor's message to the laboratory's e-mail address, with the visitor as reply-to so the
 * laboratory answers them directly.
 */
export async function sendSupportMessage(db: Db, input: SupportContactInput, opts: { ip: string; userId?: number | null; now?: Date; language?: Language }): Promise<SupportContactResponse> {
  const laboratory = await laboratoryFor(db, input.laboratoryId);
  const email = input.email.toLowerCase();
  await rateLimit(db, [`support:ip:${opts.ip}`, `support:email:${email}`], opts.now ?? new Date());
  const t = mailTranslator(opts.language);
  const lines = [
    t('support.from', { name: input.name, email }),
    opts.userId ? t('support.account', { id: opts.userId }) : t('support.anonymous'),
    t('support.laboratory', { city: laboratory.cityName, address: laboratory.address }),
    '',
    input.message,
  ];
  await sendMail({
    to: laboratory.email,
    replyTo: email,
    subject: t('support.subject', { name: input.name.replace(/[\r\n]+/g, ' ') }),
    text: lines.join('\n'),
  });
  return { sent: true };
}
