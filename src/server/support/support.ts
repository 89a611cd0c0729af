import type { Db } from '@/server/db/createDb';
import { badRequest, HttpError } from '@/server/http/errors';
import { queueMail } from '@/server/mail/queueMail';
import { reserveAction } from '@/server/http/rateLimit';
import { mailTranslator } from '@/server/mail/i18n';
import { supportMessageMail } from '@/server/mail/templates/supportMessage';
import type { Language } from '@/shared/i18n';
import type { LaboratoryDto } from '@/shared/types/api';
import { SUPPORT_MESSAGES, type SupportContactInput, type SupportContactResponse } from '@/shared/validation/support';
import { getLaboratory, listLaboratories } from '@/server/laboratories/laboratories';

/** By default at most this many support messages per hour from one address and for one e-mail (`RATE_LIMIT_SUPPORT_*`). */
export const SUPPORT_LIMIT_PER_HOUR = 5;
export const SUPPORT_RATE_MESSAGE = 'Too many messages, please try again in an hour';

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

/**
 * Sends a visitor's message to the laboratory's e-mail address, with the visitor as reply-to so the
 * laboratory answers them directly.
 */
export async function sendSupportMessage(db: Db, input: SupportContactInput, opts: { ip: string; userId?: number | null; now?: Date; language?: Language }): Promise<SupportContactResponse> {
  const laboratory = await laboratoryFor(db, input.laboratoryId);
  const email = input.email.toLowerCase();
  await reserveAction(db, 'support', { ip: opts.ip, key: email }, SUPPORT_RATE_MESSAGE, opts.now ?? new Date());
  const mail = supportMessageMail(
    { name: input.name, email, userId: opts.userId ?? null, laboratory: { cityName: laboratory.cityName, address: laboratory.address }, message: input.message },
    mailTranslator(opts.language),
  );
  await queueMail(db, { kind: 'support', to: laboratory.email, replyTo: email, laboratoryId: laboratory.id, ...mail });
  return { sent: true };
}
