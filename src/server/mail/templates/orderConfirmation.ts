import type { TFunction } from 'i18next';
import { preparationLines, type Preparation } from './common';

/**
 * The order confirmation: the order number, the visit, the address (never the intercom code), the
 * money as the order page lists it and how it is paid (`orderMoney.ts`), the preparation and the link
 * to the order page. The ordered analyses are not named: a mailbox is no place for them, the order
 * page shows them after signing in.
 */
export interface OrderConfirmationData {
  name: string;
  number: string;
  /** The visit window, formatted in the laboratory's time zone. */
  when: string;
  where: string;
  /** The money lines and how the order is paid (`orderMoneyLines`). */
  money: string[];
  preparation: Preparation;
  orderLink: string;
}

export function orderConfirmationMail(d: OrderConfirmationData, t: TFunction): { subject: string; text: string } {
  const text = [
    t('greeting', { name: d.name }),
    '',
    t('order.thanks', { number: d.number }),
    `  ${d.when}`,
    `  ${d.where}`,
    '',
    ...d.money,
    '',
    t('order.prepare'),
    ...preparationLines(d.preparation, t).map((l) => `  ${l}`),
    '',
    t('order.link', { link: d.orderLink }),
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  return { subject: t('order.subject', { number: d.number }), text };
}
