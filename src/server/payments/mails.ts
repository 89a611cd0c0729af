import type { Db } from '@/server/db/createDb';
import { getConfig } from '../config';
import { mailMessageId, queueMail } from '../mail/queueMail';
import { mailLanguage, mailTranslator } from '../mail/i18n';
import { paymentMail, type PaymentMailKind } from '../mail/templates/payment';
import { formatMoney, toMajor, isCurrency, DEFAULT_CURRENCY } from '@/shared/money';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { formatLabTime, zoneName } from '@/shared/labTime';
import { payByOf } from './payBy';

/**
 * Queues a payment mail to the order's owner in the transaction of the change that owes it; the
 * Message-ID names the event, so a repeated change never mails twice.
 */
export async function queuePaymentMail(db: Db, orderId: number, kind: PaymentMailKind, amountMinor: number, eventKey: string, reason?: string): Promise<void> {
  const order = await ordersRepo.getOrder(db, orderId);
  if (!order) return;
  const user = await ordersRepo.getUser(db, order.user_id);
  if (!user) return;
  const language = mailLanguage(user.locale);
  const t = mailTranslator(language);
  const currency = isCurrency(order.currency) ? order.currency : DEFAULT_CURRENCY;
  const payBy = kind === 'awaiting' || kind === 'failed' ? payByOf(order) : null;
  let deadline: string | undefined;
  if (payBy) {
    const zone = timeZoneOf((await findLaboratory(db, order.laboratory_id))?.country ?? 'PL');
    deadline = `${formatLabTime(payBy, language, zone, 'dateTime')} (${zoneName(payBy, language, zone)})`;
  }
  const mail = paymentMail({ kind, name: user.first_name || user.email, number: order.number, amount: formatMoney(toMajor(amountMinor), currency, language), reason, deadline, orderLink: `${getConfig().appUrl}/orders/${order.id}` }, t);
  await queueMail(db, { kind: `payment.${kind}`, to: user.email, laboratoryId: order.laboratory_id, messageId: mailMessageId(`payment.${kind}.${eventKey}`), ...mail });
}
