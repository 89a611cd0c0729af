import type { TFunction } from 'i18next';

/**
 * Payment mails (docs/payments.md): the payment was received, the payment time ran out and the order
 * was cancelled, a refund was started (amount and reason) and a refund was settled.
 */
export type PaymentMailKind = 'paid' | 'expired' | 'refundStarted' | 'refundDone';

export interface PaymentMailData {
  kind: PaymentMailKind;
  name: string;
  number: string;
  /** Formatted in the order's currency. */
  amount: string;
  reason?: string;
  orderLink: string;
}

export function paymentMail(d: PaymentMailData, t: TFunction): { subject: string; text: string } {
  const vars = { number: d.number, amount: d.amount, reason: d.reason ?? '' };
  return {
    subject: t(`payment.${d.kind}Subject`, vars),
    text: [t('greeting', { name: d.name }), t(`payment.${d.kind}Body`, vars), t('visit.follow', { link: d.orderLink }), t('signature')].join('\n\n'),
  };
}
