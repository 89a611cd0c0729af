import type { Db } from '@/server/db/createDb';
import type { PaymentStatus } from '@/server/db/schema';
import * as repo from '@/server/payments/repositories/payments';
import type { OrderRow } from '@/server/orders/repositories/orders';

/**
 * The money invariant of an order (docs/payments.md, "One money invariant"), in one place:
 *
 * - paid = the sum of verified (paid) attempts;
 * - refunded = the sum of settled refunds; kept = paid - refunded;
 * - owed = what the order may keep: its total while it stands, what the refund rule keeps when it is
 *   cancelled (the home-visit fee after "not at home", else 0), 0 when its payment expired; a staff
 *   partial refund lowers it by its amount; never more than was paid;
 * - overpaid = paid - (settled and pending refunds) - owed: refunded at once, from the attempt that
 *   brought it.
 * Once every refund has settled, kept == owed.
 */
export interface MoneyFacts {
  order: Pick<OrderRow, 'payment_method' | 'payment_status' | 'status' | 'total_minor' | 'delivery_price_minor' | 'not_at_home_at'>;
  attempts: Pick<repo.AttemptRow, 'id' | 'status' | 'amount_minor'>[];
  refunds: Pick<repo.RefundRow, 'attempt_id' | 'status' | 'kind' | 'amount_minor'>[];
}

const sum = (xs: { amount_minor: number }[]) => xs.reduce((n, x) => n + x.amount_minor, 0);
const open = (r: MoneyFacts['refunds'][number]) => r.status !== 'failed';

export async function loadMoneyFacts(db: Db, order: MoneyFacts['order'] & { id: number }): Promise<MoneyFacts> {
  const [attempts, refunds] = await Promise.all([repo.listAttempts(db, order.id), repo.listRefunds(db, order.id)]);
  return { order, attempts, refunds };
}

export const paidMinor = (f: MoneyFacts) => sum(f.attempts.filter((a) => a.status === 'paid'));
export const settledRefundMinor = (f: MoneyFacts) => sum(f.refunds.filter((r) => r.status === 'done'));
export const keptMinor = (f: MoneyFacts) => paidMinor(f) - settledRefundMinor(f);
/** What is kept once every refund asked for has settled. */
export const keptAfterRefundsMinor = (f: MoneyFacts) => paidMinor(f) - sum(f.refunds.filter(open));

export function owedMinor(f: MoneyFacts): number {
  const o = f.order;
  if (o.payment_method !== 'online' || o.payment_status === 'expired') return 0;
  const staff = sum(f.refunds.filter((r) => open(r) && r.kind === 'staff'));
  const due = o.status === 'cancelled' ? (o.not_at_home_at ? Math.min(o.total_minor, o.delivery_price_minor) : 0) : o.total_minor;
  return Math.min(paidMinor(f), Math.max(0, due - staff));
}

/** Money beyond what the order owes that no refund covers yet. */
export const overpaidMinor = (f: MoneyFacts) => Math.max(0, keptAfterRefundsMinor(f) - owedMinor(f));

/** What of an attempt can still be refunded (its amount less its refunds not failed). */
export function refundableOf(f: MoneyFacts, attemptId: number): number {
  const a = f.attempts.find((x) => x.id === attemptId);
  if (!a || a.status !== 'paid') return 0;
  return a.amount_minor - sum(f.refunds.filter((r) => open(r) && r.attempt_id === attemptId));
}

/**
 * Splits a refund over the paid attempts that still hold money: `first` (the attempt that brought an
 * overpayment) first, then the newest. Each part is refunded from its own attempt at the operator.
 */
export function allocateRefund(f: MoneyFacts, amountMinor: number, first?: number): { attemptId: number; amountMinor: number }[] {
  const order = f.attempts.filter((a) => a.status === 'paid').sort((a, b) => (a.id === first ? -1 : b.id === first ? 1 : b.id - a.id));
  const parts: { attemptId: number; amountMinor: number }[] = [];
  let left = amountMinor;
  for (const a of order) {
    if (left <= 0) break;
    const take = Math.min(left, refundableOf(f, a.id));
    if (take > 0) {
      parts.push({ attemptId: a.id, amountMinor: take });
      left -= take;
    }
  }
  return parts;
}

const RANK: Partial<Record<PaymentStatus, number>> = { awaiting: 0, failed: 0, paid: 1, partially_refunded: 2, refunded: 3 };

/**
 * The payment status after money moved: paid once a payment counts, partially refunded after a
 * settled refund of what was owed (not of an overpayment), refunded when nothing is kept. It never
 * moves backwards (`refunded` stays `refunded`), and `expired` and `on_visit` stay as they are.
 */
export function nextPaymentStatus(current: PaymentStatus, f: MoneyFacts): PaymentStatus {
  const from = RANK[current];
  if (from === undefined) return current;
  const paid = paidMinor(f);
  let to: PaymentStatus = current;
  if (paid > 0) {
    const counted = f.refunds.filter((r) => r.status === 'done' && r.kind !== 'overpaid');
    if (keptMinor(f) <= 0) to = 'refunded';
    else if (counted.length > 0) to = 'partially_refunded';
    else to = 'paid';
  }
  return (RANK[to] ?? 0) > from ? to : current;
}
