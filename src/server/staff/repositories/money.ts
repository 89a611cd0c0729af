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
