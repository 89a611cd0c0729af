import type { Db } from '@/server/db/createDb';
import { type Insertable, type Selectable } from 'kysely';
import { isPostgres } from '@/server/db/kind';
import type { InvoiceTable, LaboratorySellerTable, OrderStatus } from '@/server/db/schema';
import { findCollectedAt } from '@/server/orders/repositories/orders';

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
 * The next number of a seller's series for a year, not yet taken: inside the caller's transaction,
 * which then validates the document built with it and takes it with `takeSeq`. On PostgreSQL the
 * counter row is locked until the transaction ends, so no other invoice of the seller reads the same
 * number meanwhile; SQLite runs one writer at a time. A rolled-back invoice leaves the series as it
 * was: the series has no gaps.
 */
export async function lockNextSeq(trx: Q, laboratoryId: string, year: number): Promise<number> {
  await trx
    .insertInto('invoice_counters')
    .values({ laboratory_id: laboratoryId, year, last_seq: 0 })
    .onConflict((oc) => oc.columns(['laboratory_id', 'year']).doNothing())
    .execute();
  const query = trx.selectFrom('invoice_counters').select('last_seq').where('laboratory_id', '=', laboratoryId).where('year', '=', year);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return row.last_seq + 1;
}

/** Takes number `seq` (read by `lockNextSeq` in the same transaction) of the seller's series. */
export async function takeSeq(trx: Q, laboratoryId: string, year: number, seq: number): Promise<void> {
  const r = await trx
    .updateTable('invoice_counters')
    .set({ last_seq: seq })
    .where('laboratory_id', '=', laboratoryId)
    .where('year', '=', year)
    .where('last_seq', '=', seq - 1)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new Error(`invoice number ${seq} of ${laboratoryId}/${year} was taken meanwhile`);
}

export async function insertInvoice(trx: Q, row: Insertable<InvoiceTable>): Promise<InvoiceRow> {
  return trx.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

/** When the order first reached one of `statuses` (its status events), or null. */
export async function firstStatusAt(db: Q, orderId: number, statuses: OrderStatus[]): Promise<string | null> {
  const row = await db.selectFrom('order_status_events').select(['at']).where('order_id', '=', orderId).where('status', 'in', statuses).orderBy('at').orderBy('id').executeTakeFirst();
  return row?.at ?? null;
}

/**
 * When the order's samples were collected, as recorded: the time the results, their PDF and the FHIR
 * export give (`findCollectedAt`, the order's `sample_collected` event), else, for an order moved past
 * that status without it, when it first reached a status after it; null before the collection.
 */
export async function collectionAt(db: Q, orderId: number, collectedStatuses: OrderStatus[]): Promise<string | null> {
  const recorded = (await findCollectedAt(db, [orderId])).get(orderId);
  return recorded ?? firstStatusAt(db, orderId, collectedStatuses);
}

/** The sample materials an order charged (bought, at a price), per patient, with each material's VAT rate. */
export async function orderMaterialCharges(db: Q, orderId: number) {
  return db
    .selectFrom('order_materials')
    .innerJoin('materials', 'materials.id', 'order_materials.material_id')
    .select(['order_materials.patient_id', 'order_materials.material_id', 'order_materials.price_minor', 'materials.name', 'materials.vat_rate'])
    .where('order_materials.order_id', '=', orderId)
    .where('order_materials.bought', '=', 1)
    .where('order_materials.price_minor', '>', 0)
    .orderBy('order_materials.id')
    .execute();
}

/** The number the seller's series would give next, read without a lock (the document is checked with it before the write transaction). */
export async function peekNextSeq(db: Q, laboratoryId: string, year: number): Promise<number> {
  const row = await db.selectFrom('invoice_counters').select('last_seq').where('laboratory_id', '=', laboratoryId).where('year', '=', year).executeTakeFirst();
  return (row?.last_seq ?? 0) + 1;
}
