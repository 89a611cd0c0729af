import type { TFunction } from 'i18next';
import { shopOrderBreakdown } from '@/shared/breakdown';
import { localName } from '@/shared/catalogueText';
import { formatMoney, toMajor } from '@/shared/money';
import type { ShopOrderDto } from '@/shared/types/order';

/**
 * The money of an order in a mail, as the order page lists it (src/shared/breakdown.ts: the tests of
 * each patient, the materials bought, the home visit, the discount, the total), then how it is paid:
 * online and paid, online and still to pay, or to the nurse at the visit with the amount to have
 * ready. No analysis is named (a mailbox is no place for them).
 */
export function orderMoneyLines(order: Pick<ShopOrderDto, 'currency' | 'patients' | 'deliveryPrice' | 'discount' | 'promoCode' | 'total' | 'payment'>, t: TFunction, language: string): string[] {
  const b = shopOrderBreakdown(order as ShopOrderDto);
  const money = (minor: number) => formatMoney(toMajor(minor), b.currency, language);
  const several = b.patients.length > 1;
  const lines = b.patients.flatMap((p) => [
    several ? t('money.testsFor', { name: p.name, amount: money(p.testsMinor) }) : t('money.tests', { amount: money(p.testsMinor) }),
    ...p.materials.map((m) => t('money.line', { name: localName(m, language), amount: money(m.minor) })),
  ]);
  lines.push(t('money.homeVisit', { amount: money(b.visitFeeMinor) }));
  if (b.discountMinor > 0) lines.push(t('money.discount', { code: order.promoCode ?? '', amount: money(b.discountMinor) }));
  lines.push(t('money.total', { amount: money(b.totalMinor) }));
  return [...lines, paymentLine(order, t, money(b.totalMinor), language)];
}

/** How the order is paid, in one sentence. */
function paymentLine(order: Pick<ShopOrderDto, 'payment' | 'currency'>, t: TFunction, total: string, language: string): string {
  const p = order.payment;
  if (!p || p.method === 'on_visit') return t('money.onVisit', { amount: total });
  const paid = formatMoney(p.amount, order.currency, language);
  switch (p.status) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded':
      return t('money.paidOnline', { amount: paid });
    case 'expired':
      return t('money.expired');
    default:
      return t('money.awaitingOnline', { amount: paid });
  }
}
