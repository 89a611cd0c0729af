import { number, object } from 'yup';
import type { Db } from '@/server/db/createDb';
import { defineJob } from '@/server/jobs/defineJob';
import { enqueue } from '@/server/jobs/queue';
import { JOB } from '@/server/jobs/specs';
import { buildAppUrl } from '@/server/mail/mailer';
import { mailLanguage, mailTranslator } from '@/server/mail/i18n';
import { mailMessageId, queueMail } from '@/server/mail/queueMail';
import { formatTimes } from '@/server/mail/templates/common';
import { checkInInviteMail } from '@/server/mail/templates/checkInInvite';
import { pushSendJob } from '@/server/notifications/pushSend';
import { quietUntil } from '@/server/notifications/quietHours';
import { listSubscriptions } from '@/server/notifications/repositories/notifications';
import { localDay, localToUtc, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { inWriteTransaction } from '@/server/db/transactions';
import { intlLocale } from '@/shared/i18n';
import * as ordersRepo from './repositories/orders';
import { findOrderVisit } from './repositories/checkIn';
import { rulesOf } from './checkIn';
import { listVisitsStartingBetween } from './repositories/checkInInvite';

/**
 * The morning check-in's invitation (docs/backend.md, "Morning check-in"): on the morning of the
 * visit, from `MORNING_HOUR` in the laboratory's time zone until the visit starts, the owner of an
 * order whose analyses ask fasting or a cycle day gets one mail and one push linking to
 * `/orders/{id}/check-in`. A recurring scan (`check-in-morning`, every 15 minutes) enqueues one
 * `check-in-invite` per order under the key `order:{id}`, so a scan run twice, or by two workers,
 * invites once. Neither text names a patient, an analysis or a need.
 */

export const MORNING_HOUR = 6;
const SCAN_EVERY_MS = 15 * 60_000;
const OPEN = new Set(['placed', 'visit_confirmed']);

/** Whether the order's analyses ask a fast, or a cycle day of a woman: the check-in's own questions. */
async function isTimed(db: Db, orderId: number): Promise<boolean> {
  const rules = await rulesOf(db, orderId);
  return rules.fastingHours !== null || rules.cycleDays !== null;
}

/** One scan: the orders whose visit is today (laboratory's day), past the morning hour and still ahead. Answers how many were newly enqueued. */
export async function scanCheckInMornings(db: Db, now = new Date()): Promise<number> {
  // Every visit of today in any zone starts within the next 24 hours.
  const candidates = await listVisitsStartingBetween(db, now.toISOString(), new Date(now.getTime() + 24 * 3_600_000).toISOString());
  let added = 0;
  for (const c of candidates) {
    const tz = timeZoneOf(c.country);
    const day = localDay(now, tz);
    if (localDay(new Date(c.start_at), tz) !== day || now < localToUtc(day, MORNING_HOUR, tz)) continue;
    if (!(await isTimed(db, c.id))) continue;
    if (await enqueue(db, checkInInviteJob, { orderId: c.id }, { key: `order:${c.id}`, laboratoryId: c.laboratory_id })) added += 1;
  }
  return added;
}

/** Sends the invitation of one order (mail and push), unless the visit began, moved off today or closed meanwhile. */
export async function sendCheckInInvite(db: Db, orderId: number, now = new Date()): Promise<'sent' | 'skipped'> {
  const order = await findOrderVisit(db, orderId);
  if (!order || !OPEN.has(order.status) || Date.parse(order.start_at) <= now.getTime()) return 'skipped';
  const tz = timeZoneOf(order.country);
  if (localDay(new Date(order.start_at), tz) !== localDay(now, tz)) return 'skipped';
  const [user, row] = await Promise.all([ordersRepo.getUser(db, order.user_id), ordersRepo.getOrder(db, orderId)]);
  if (!user || !row) return 'skipped';
  const language = mailLanguage(user.locale);
  const t = mailTranslator(language);
  const path = `/orders/${orderId}/check-in`;
  const mail = checkInInviteMail({ when: formatTimes(order.start_at, order.end_at, tz, intlLocale(language)), checkInLink: buildAppUrl(path) }, t);
  const devices = await listSubscriptions(db, order.user_id);
  const runAt = quietUntil(now, tz);
  await inWriteTransaction(db, async (trx) => {
    await queueMail(trx, { kind: 'checkInInvite', to: user.email, ...mail, laboratoryId: row.laboratory_id, messageId: mailMessageId(`check-in-${orderId}`) });
    for (const device of devices) {
      const payload = { title: t('checkIn.subject'), body: t('checkIn.push'), url: path, tag: `check-in-${orderId}` };
      await enqueue(trx, pushSendJob, { subscriptionId: device.id, payload, urgent: false }, { key: `check-in-${orderId}:${device.id}`, laboratoryId: row.laboratory_id, ...(runAt ? { runAt } : {}) });
    }
  });
  return 'sent';
}

/** `check-in-invite`: one order's invitation (key `order:{id}`). */
export const checkInInviteJob = defineJob({
  name: JOB.checkInInvite,
  payload: object({ orderId: number().integer().required() }),
  async handler({ orderId }, { db, now }) {
    await sendCheckInInvite(db, orderId, now);
  },
});

/** `check-in-morning`: the recurring scan. */
export const checkInMorningJob = defineJob({
  name: JOB.checkInMorning,
  payload: object({}),
  everyMs: SCAN_EVERY_MS,
  async handler(_payload, { db, now }) {
    await scanCheckInMornings(db, now);
  },
});
