import type { TFunction } from 'i18next';
import type { Db } from '../db/createDb';
import type * as repo from '@/server/orders/repositories/orders';
import { findRecipientUser } from './repositories/notifications';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { buildAppUrl } from '../mail/mailer';
import { mailLanguage, mailTranslator } from '../mail/i18n';
import { onTheWayLine, onTheWayMail } from '../mail/templates/onTheWay';
import { resultsReadyMail } from '../mail/templates/resultsReady';
import { criticalResultMail } from '../mail/templates/criticalResult';
import { sampleRejectedMail } from '../mail/templates/sampleRejected';
import { formatTimes } from '../mail/templates/common';
import { intlLocale } from '@/shared/i18n';
import type { NotificationEvent } from '@/shared/types/notifications';
import { notify } from './notify';

/**
 * The four notices a patient gets about an order (docs/notifications.md), each an e-mail and a push
 * in the account's saved language, none holding an analysis name, a value or a patient's name.
 */
type Order = Pick<repo.OrderRow, 'id' | 'user_id' | 'laboratory_id'>;

/** The mail template of each notice (the outbox's `kind`). */
const MAIL_KIND: Record<NotificationEvent, string> = { on_the_way: 'onTheWay', not_at_home: 'notAtHome', results_ready: 'resultsReady', critical_result: 'criticalResult', sample_rejected: 'sampleRejected' };

export interface Recipient {
  email: string;
  language: string;
  t: TFunction;
  timeZone: string;
  /** The order's laboratory, read once for the notice and the mail that words it. */
  laboratory: Awaited<ReturnType<typeof findLaboratory>>;
}

async function recipientOf(db: Db, order: Order): Promise<Recipient | null> {
  const [user, lab] = await Promise.all([findRecipientUser(db, order.user_id), findLaboratory(db, order.laboratory_id)]);
  if (!user) return null;
  const language = mailLanguage(user.locale);
  return { email: user.email, language, t: mailTranslator(language), timeZone: timeZoneOf(lab?.country ?? 'PL'), laboratory: lab };
}

function send(db: Db, order: Order, r: Recipient, event: NotificationEvent, key: string, mail: { subject: string; text: string; html: string } | null, body: string, path: string, now?: Date) {
  return notify(db, {
    event,
    userId: order.user_id,
    laboratoryId: order.laboratory_id,
    timeZone: r.timeZone,
    key,
    mail: mail && { kind: MAIL_KIND[event], to: r.email, ...mail },
    push: { title: r.t('notice.pushTitle'), body, url: path, tag: `${event}-${order.id}` },
    ...(now ? { now } : {}),
  });
}

/**
 * "Your nurse Anna is on the way, arriving 8:10–8:40" (her first name only, as the visit names her;
 * null: "Your nurse"): once per announced window.
 */
export async function noticeOnTheWay(db: Db, order: Order, window: { start: string; end: string }, nurseFirstName: string | null, now: Date): Promise<void> {
  const r = await recipientOf(db, order);
  if (!r) return;
  const span = formatTimes(window.start, window.end, r.timeZone, intlLocale(r.language));
  const path = `/orders/${order.id}`;
  const mail = onTheWayMail({ window: span, orderLink: buildAppUrl(path), nurseFirstName }, r.t);
  await send(db, order, r, 'on_the_way', `on_the_way-${order.id}-${window.start}`, mail, onTheWayLine(span, nurseFirstName, r.t), path, now);
}

/** The nurse could not find the patient: the mail (worded by the visit, with the laboratory's contacts) and a push. */
export async function noticeNotAtHome(db: Db, order: Order, wordMail: (r: Recipient) => { subject: string; text: string; html: string }, now: Date): Promise<void> {
  const r = await recipientOf(db, order);
  if (!r) return;
  await send(db, order, r, 'not_at_home', `not_at_home-${order.id}`, wordMail(r), r.t('notice.notAtHome'), `/orders/${order.id}`, now);
}

/** "New results are ready in your account": once per order, when its last result is final. */
export async function noticeResultsReady(db: Db, order: Order, byEmail: boolean): Promise<void> {
  const r = await recipientOf(db, order);
  if (!r) return;
  const path = `/test-results/${order.id}/patients`;
  await send(db, order, r, 'results_ready', `results_ready-${order.id}`, byEmail ? resultsReadyMail({ resultsLink: buildAppUrl(path) }, r.t) : null, r.t('notice.resultsReady'), path);
}

/** A result beyond critical limits: urgent, never held by quiet hours, the e-mail always sent. */
export async function noticeCritical(db: Db, order: Order, at: string): Promise<void> {
  const r = await recipientOf(db, order);
  if (!r) return;
  const path = `/test-results/${order.id}/patients`;
  await send(db, order, r, 'critical_result', `critical_result-${order.id}-${at}`, criticalResultMail({ resultsLink: buildAppUrl(path) }, r.t), r.t('notice.critical'), path);
}

/** A sample of the order could not be tested: once per order, the mail always sent (the patient books the free redraw), naming no analysis. */
export async function noticeSampleRejected(db: Db, order: Order, now: Date): Promise<void> {
  const r = await recipientOf(db, order);
  if (!r) return;
  const path = `/orders/${order.id}`;
  await send(db, order, r, 'sample_rejected', `sample_rejected-${order.id}`, sampleRejectedMail({ orderLink: buildAppUrl(path) }, r.t), r.t('notice.sampleRejected'), path, now);
}

/** A held sensitive result was released (by the laboratory's doctor or after 72 h): "New results are ready", naming nothing, not urgent. */
export async function noticeResultReleased(db: Db, order: Order, key: string): Promise<void> {
  const r = await recipientOf(db, order);
  if (!r) return;
  const path = `/test-results/${order.id}/patients`;
  await send(db, order, r, 'results_ready', `result_released-${key}`, resultsReadyMail({ resultsLink: buildAppUrl(path) }, r.t), r.t('notice.resultsReady'), path);
}
