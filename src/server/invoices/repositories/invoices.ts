import type { Db } from '@/server/db/createDb';
import { type Insertable, type Selectable } from 'kysely';
import type { InvoiceTable, LaboratorySellerTable, OrderStatus } from '@/server/db/schema';

/** Reads and writes of invoices, their number series and the laboratories' seller data. */
type Q = Db;

export type InvoiceRow = Selectable<InvoiceTable>;
export type SellerRow = Selectable<LaboratorySellerTable>;

export async function getSeller(db: Q, laboratoryId: string): Promise<SellerRow | undefined> {
  return db.selectFrom('laboratory_sellers').selectAll().where('laboratory_id', '=', laboratoryId).executeTakeFirst();
}

export async function findVatInvoice(db: Q, orderId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('vat_order_id', '=', orderId).executeTakeFirst();
}

export async function findByRefundKey(db: Q, refundKey: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('refund_key', '=', refundKey).executeTakeFirst();
}

/** The order's documents in order of issue. */
export async function listOrderInvoices(db: Q, orderId: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function listUserInvoices(db: Q, userId: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * Takes the next number of a seller's series for a year: inside the caller's transaction, so a
 * rolled-back invoice gives its number back and the series has no gaps. On PostgreSQL the update
 * locks the counter row until the transaction ends; SQLite runs one writer at a time.
 */
export async function takeNextSeq(trx: Q, laboratoryId: string, year: number): Promise<number> {
  await trx
    .insertInto('invoice_counters')
    .values({ laboratory_id: laboratoryId, year, last_seq: 0 })
    .onConflict((oc) => oc.columns(['laboratory_id', 'year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('invoice_counters')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('laboratory_id', '=', laboratoryId)
    .where('year', '=', year)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

export async function insertInvoice(trx: Q, row: Insertable<InvoiceTable>): Promise<InvoiceRow> {
  return trx.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

/** When the order first reached one of `statuses` (its status events), or null. */
export async function firstStatusAt(db: Q, orderId: number, statuses: OrderStatus[]): Promise<string | null> {
  const row = await db.selectFrom('order_status_events').select(['at']).where('order_id', '=', orderId).where('status', 'in', statuses).orderBy('at').orderBy('id').executeTakeFirst();
  return row?.at ?? null;
}
