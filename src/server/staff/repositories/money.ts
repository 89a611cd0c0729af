import type { Db } from '@/server/db/createDb';

/** Reads for the staff money page: a laboratory's payments, refunds and documents. */
type Q = Db;

/** Online payments recorded in [from, to). */
export async function onlinePayments(db: Q, laboratoryId: string, from: string, to: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'paid_minor', 'total_minor', 'paid_at'])
    .where('laboratory_id', '=', laboratoryId)
    .where('payment_method', '=', 'online')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('paid_at')
    .execute();
}

/** Orders paid on the visit whose samples were collected (the payment taken) in [from, to): the first such step. */
export async function visitPayments(db: Q, laboratoryId: string, from: string, to: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_status_events as e', 'e.order_id', 'orders.id')
    .select((eb) => ['orders.id', 'orders.number', 'orders.total_minor', eb.fn.min<string>('e.at').as('paid_at')])
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('orders.payment_method', '=', 'on_visit')
    .where('e.status', '=', 'sample_collected')
    .groupBy(['orders.id', 'orders.number', 'orders.total_minor'])
    .having((eb) => eb.and([eb(eb.fn.min<string>('e.at'), '>=', from), eb(eb.fn.min<string>('e.at'), '<', to)]))
    .execute();
}

/** The laboratory's refunds asked for before `to`, with their order. */
export async function refundsUntil(db: Q, laboratoryId: string, to: string) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('orders', 'orders.id', 'r.order_id')
    .select(['r.id', 'r.order_id', 'orders.number', 'orders.payment_method', 'r.amount_minor', 'r.status', 'r.created_at', 'r.settled_at'])
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('r.created_at', '<', to)
    .orderBy('r.id')
    .execute();
}

/** Orders of the laboratory with documents, each with its documents' total and what the order took and gave back. */
export async function documentedOrders(db: Q, laboratoryId: string) {
  return db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .select((eb) => ['orders.id', 'orders.number', 'orders.payment_method', 'orders.paid_minor', 'orders.total_minor', eb.fn.sum<number>('invoices.total_minor').as('documents_minor')])
    .where('orders.laboratory_id', '=', laboratoryId)
    .groupBy(['orders.id', 'orders.number', 'orders.payment_method', 'orders.paid_minor', 'orders.total_minor'])
    .orderBy('orders.id')
    .execute();
}

/** The laboratory's online orders that took money, with what the money invariant reads of them. */
export async function onlineOrdersWithMoney(db: Q, laboratoryId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'payment_method', 'payment_status', 'status', 'total_minor', 'delivery_price_minor', 'not_at_home_at'])
    .where('laboratory_id', '=', laboratoryId)
    .where('payment_method', '=', 'online')
    .where((eb) => eb.exists(eb.selectFrom('payment_attempts as a').select('a.id').whereRef('a.order_id', '=', 'orders.id').where('a.status', '=', 'paid')))
    .orderBy('id')
    .execute();
}

/** Paid attempts and refunds of the laboratory's online orders (the money invariant's facts, all orders at once). */
export async function onlineMoneyRows(db: Q, laboratoryId: string) {
  const [attempts, refunds] = await Promise.all([
    db
      .selectFrom('payment_attempts as a')
      .innerJoin('orders', 'orders.id', 'a.order_id')
      .select(['a.id', 'a.order_id', 'a.status', 'a.amount_minor'])
      .where('orders.laboratory_id', '=', laboratoryId)
      .where('orders.payment_method', '=', 'online')
      .where('a.status', '=', 'paid')
      .execute(),
    db
      .selectFrom('payment_refunds as r')
      .innerJoin('orders', 'orders.id', 'r.order_id')
      .select(['r.order_id', 'r.attempt_id', 'r.status', 'r.kind', 'r.amount_minor'])
      .where('orders.laboratory_id', '=', laboratoryId)
      .where('orders.payment_method', '=', 'online')
      .execute(),
  ]);
  return { attempts, refunds };
}

/** The laboratory's invoices and corrections that KSeF rejected, with their order. */
export async function ksefRejectedInvoices(db: Q, laboratoryId: string) {
  return db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .select(['invoices.id', 'invoices.number as document', 'invoices.total_minor', 'invoices.ksef_rejection_reason', 'invoices.ksef_sent_at', 'invoices.issued_at', 'orders.id as order_id', 'orders.number'])
    .where('invoices.laboratory_id', '=', laboratoryId)
    .where('invoices.ksef_status', '=', 'rejected')
    .orderBy('invoices.id')
    .execute();
}
