import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Payment mails (docs/payments.md): the payment was received (online, or by the nurse at the visit), the payment time ran out and the order
 * was cancelled, a refund was started (amount and reason) and a refund was settled. The payment and
 * refund mails send the patient to the order page for the receipt: a mail cannot carry the sign-in
 * the receipt's download needs (`GET orders/{id}/receipt.pdf`, owner only).
 */
export type PaymentMailKind = 'paid' | 'paidAtVisit' | 'expired' | 'refundStarted' | 'refundDone' | 'awaiting' | 'failed';

export interface PaymentMailData {
  kind: PaymentMailKind;
  name: string;
  number: string;
  /** Formatted in the order's currency. */
  amount: string;
  reason?: string;
  orderLink: string;
  /** `awaiting`, `failed`: the deadline in the laboratory's zone, e.g. "28 Nov 2026, 16:25". */
  deadline?: string;
}

/** The mails after which the order page has a receipt to download. */
const WITH_RECEIPT: ReadonlySet<PaymentMailKind> = new Set(['paid', 'paidAtVisit', 'refundStarted', 'refundDone']);
/** The mails of an order still to be paid: the link leads to the order page's "Pay now". */
const TO_PAY: ReadonlySet<PaymentMailKind> = new Set(['awaiting', 'failed']);

export function paymentMail(d: PaymentMailData, t: TFunction): { subject: string; text: string; html: string } {
  const vars = { number: d.number, amount: d.amount, reason: d.reason ?? '', deadline: d.deadline ?? '' };
  const receipt = WITH_RECEIPT.has(d.kind);
  const toPay = TO_PAY.has(d.kind);
  const body = t(`payment.${d.kind}Body`, vars);
  const link = receipt ? t('payment.receipt', { link: d.orderLink }) : toPay ? t('payment.payLink', { link: d.orderLink }) : t('visit.follow', { link: d.orderLink });
  const linkText = receipt ? t('payment.receiptLink') : toPay ? t('payment.payLinkText') : t('visit.followLink');
  return {
    subject: t(`payment.${d.kind}Subject`, vars),
    text: [t('greeting', { name: d.name }), body, link, t('signature')].join('\n\n'),
    html: [
      `<p>${escapeHtml(t('greeting', { name: d.name }))}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(linkText)}</a></p>`,
      `<p>${escapeHtml(t('signature')).replace(/\n/g, '<br>')}</p>`,
    ].join(''),
  };
}
