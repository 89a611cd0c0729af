import type { Db } from '@/server/db/createDb';
import { intlLocale } from '@/shared/i18n';
import { buildAppUrl } from '@/server/mail/mailer';
import { mailMessageId, queueMail } from '@/server/mail/queueMail';
import { defineJob } from '@/server/jobs/defineJob';
import { mailLanguage, mailTranslator } from '@/server/mail/i18n';
import { addressLine, formatVisit } from '@/server/mail/templates/common';
import { orderMoneyLines } from '@/server/mail/templates/orderMoney';
import { visitReminderMail } from '@/server/mail/templates/visitReminder';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import { localName, localOrderPreparation } from '@/shared/catalogueText';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { getOrderSummary } from './orders';
import { VISIT_REMINDER, type VisitReminderPayload } from './visitReminderSchedule';

/** Statuses in which the nurse is still to come. */
const BEFORE_VISIT = new Set(['placed', 'visit_confirmed']);

/**
 * Runs one visit reminder job: mails the order's owner in their language, unless the order was
 * cancelled, moved to another time than the job's, or its visit has begun. 'skipped' is final too.
 */
export async function runVisitReminder(db: Db, payload: VisitReminderPayload, now: Date): Promise<'sent' | 'skipped'> {
  const order = await ordersRepo.getOrder(db, payload.orderId);
  if (!order || !BEFORE_VISIT.has(order.status)) return 'skipped';
  const summary = await getOrderSummary(db, order.user_id, order.id);
  if (Date.parse(summary.visit.start) !== Date.parse(payload.visitStart) || Date.parse(summary.visit.start) <= now.getTime()) return 'skipped';
  const user = await ordersRepo.getUser(db, order.user_id);
  if (!user) return 'skipped';
  const language = mailLanguage(user.locale);
  const t = mailTranslator(language);
  const lab = (await findLaboratoriesByIds(db, [order.laboratory_id])).get(order.laboratory_id);
  const mail = visitReminderMail(
    {
      name: user.first_name || user.email,
      number: summary.number,
      when: formatVisit(summary.visit.start, summary.visit.end, timeZoneOf(lab?.country ?? 'PL'), intlLocale(language)),
      where: addressLine(summary.address, t),
      money: orderMoneyLines(summary, t, language),
      preparation: localOrderPreparation(summary.preparation, language),
      bring: summary.patients.flatMap((p) => p.materials.filter((m) => !m.bought).map((m) => ({ name: localName(m, language), patient: `${p.firstName} ${p.lastName}`.trim() }))),
      orderLink: buildAppUrl(`/orders/${order.id}`),
    },
    t,
  );
  await queueMail(db, { kind: 'visitReminder', to: user.email, ...mail, laboratoryId: order.laboratory_id, messageId: mailMessageId(`visit-reminder-${order.id}-${Date.parse(payload.visitStart)}`) });
  return 'sent';
}

/** The `visit-reminder` job (scheduled by visitReminderSchedule.ts); its mail goes through the outbox. */
export const visitReminderJob = defineJob({
  ...VISIT_REMINDER,
  async handler(payload, { db, now }) {
    await runVisitReminder(db, payload, now);
  },
});
