import type { TFunction } from 'i18next';
import { preparationLines, type Preparation } from './common';

/**
 * The order confirmation: the order number, the visit, the address (never the intercom code), the
 * amounts, the preparation and the link to the order page. The ordered analyses are not listed:
 * a mailbox is no place for them, the order page shows them after signing in.
 */
export interface OrderConfirmationData {
  name: string;
  number: string;
  /** The visit window, formatted in the laboratory's time zone. */
  when: string;
  where: string;
  /** Formatted amounts; `discount` with its code when a promo code was used. */
  discount: { code: string; amount: string } | null;
  homeVisit: string;
  total: string;
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
    d.discount ? t('order.discount', d.discount) : '',
    t('order.homeVisit', { amount: d.homeVisit }),
    t('order.total', { amount: d.total }),
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
