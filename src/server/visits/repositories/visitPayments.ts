import type { Db } from '@/server/db/createDb';
import type { AttemptRow } from '@/server/payments/repositories/payments';

/**
 * The payment a nurse takes at the visit, kept as a verified payment attempt of the order (the
 * payments tables, docs/payments.md): provider `visit_cash` or `visit_card`, session `visit-<order id>`
 * (unique, so an order records one such payment however often it is asked).
 */
type Q = Db;

export type VisitPaymentMethod = 'cash' | 'card';
const PROVIDERS = ['visit_cash', 'visit_card'] as const;

export const visitSessionId = (orderId: number) => `visit-${orderId}`;
export const visitProvider = (method: VisitPaymentMethod) => `visit_${method}`;
export const methodOfProvider = (provider: string): VisitPaymentMethod | null => (provider === 'visit_cash' ? 'cash' : provider === 'visit_card' ? 'card' : null);

/** Records the payment as paid; undefined when the order already has one (the first stays). */
export async function insertVisitPayment(db: Q, p: { orderId: number; method: VisitPaymentMethod; amountMinor: number; currency: string }, at: string): Promise<AttemptRow | undefined> {
  return db
    .insertInto('payment_attempts')
    .values({
      order_id: p.orderId,
      provider: visitProvider(p.method),
      session_id: visitSessionId(p.orderId),
      amount_minor: p.amountMinor,
      currency: p.currency,
      status: 'paid',
      provider_token: null,
      provider_order_id: null,
      paid_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The payments taken at the visits of these orders. */
export async function listVisitPayments(db: Q, orderIds: number[]): Promise<AttemptRow[]> {
  if (!orderIds.length) return [];
  return db.selectFrom('payment_attempts').selectAll().where('order_id', 'in', orderIds).where('provider', 'in', PROVIDERS).where('status', '=', 'paid').orderBy('id').execute();
}
