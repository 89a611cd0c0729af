import { ValidationError } from 'yup';
import type { Db } from '../db/createDb';
import type { AuthUser } from '../http/auth';
import { conflict, HttpError, notFound } from '../http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import { invoiceRequestSchema, type InvoiceBuyer } from '@/shared/validation/invoice';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import * as orders from '@/server/orders/repositories/orders';
import * as repo from '@/server/invoices/repositories/invoices';
import { recordHealthReadByOther } from '@/server/audit/audit';
import { log } from '@/server/log';
import { buildFa3Xml, totalMinor, type InvoiceParty } from './fa3Xml';
import { fa3SchemaErrors } from './fa3Validate';
import { lineKind, orderDocumentLines, spreadDiscount, type DocumentLine } from './documents';
import { orderPaymentFacts, type OrderPaymentFacts } from './paymentFacts';
import { queueKsefSend } from './ksef';
import { ksefDto, type InvoiceKsefDto } from './ksef/dto';

/**
 * VAT invoices on request (docs/invoices.md): for a paid order of a laboratory that has seller
 * data (the Polish ones), until the 15th of the month after the payment; one per order, numbered
 * `FV/<year>/<000001>` in a gap-free series per seller and year taken in the invoice's own
 * transaction. Every document is checked against the official FA(3) schema before it takes its
 * number: an invalid one is refused (422) and takes none. Issued invoices are never rewritten: a
 * refund after an invoice makes a correcting invoice (`KOR`). An order whose money was wholly
 * refunded gets none (409); a partly refunded one gets the full sale and, in the same transaction,
 * one correction down to what was kept.
 */

export const NOT_PAID = 'The order is not paid yet: an invoice can be asked for once it is paid';
export const NO_INVOICES = 'This laboratory does not issue VAT invoices';
export const WINDOW_CLOSED = 'An invoice can be asked for until the 15th of the month after the payment; that date has passed';
export const INVOICE_NOT_FOUND = 'No invoice for this order';
export const ORDER_REFUNDED = 'The money of this order was refunded: there is nothing to invoice';
export const INVOICE_INVALID = 'The invoice could not be made a valid KSeF document; nothing was issued';
const ZONE = 'Europe/Warsaw';

export interface InvoiceSummaryDto {
  id: number;
  number: string;
  issuedAt: string;
}

export interface InvoiceListItemDto extends InvoiceSummaryDto {
  kind: 'VAT' | 'KOR';
  total: number;
  currency: string;
  pdfUrl: string;
  xmlUrl: string;
  /** The invoice in KSeF (null: issued while sending to KSeF was off). */
  ksef: InvoiceKsefDto | null;
}

/** YYYY-MM-DD of an instant in Warsaw. */
export function warsawDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The last day an invoice may be asked for: the 15th of the month after the payment (Warsaw dates). */
export function invoiceDeadline(paidAt: string): string {
  const day = warsawDate(new Date(paidAt));
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-15`;
}

/** One series per seller and year for invoices and corrections alike. */
export const invoiceNumber = (year: number, seq: number) => `FV/${year}/${String(seq).padStart(6, '0')}`;

/** Runs `fn` in the caller's transaction when there is one, in a new one otherwise. */
const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

function invalid(e: ValidationError): HttpError {
  const fields: Record<string, string> = {};
  for (const err of e.inner.length ? e.inner : [e]) {
    const key = err.path || '_';
    if (!fields[key]) fields[key] = err.errors[0] ?? err.message;
  }
  return new HttpError(422, Object.values(fields)[0] ?? e.message, { fields, code: ERROR_CODES.validationFailed });
}

async function parseBuyer(body: unknown): Promise<InvoiceBuyer> {
  try {
    const v = await invoiceRequestSchema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
    return v.buyer;
  } catch (e) {
    if (e instanceof ValidationError) throw invalid(e);
    throw e;
  }
}

const sellerParty = (s: repo.SellerRow): InvoiceParty => ({ taxId: s.tax_id, name: s.legal_name, street: s.street, postalCode: s.postal_code, city: s.city, country: s.country });
const buyerParty = (b: InvoiceBuyer): InvoiceParty => ({ taxId: b.taxId, name: b.name, street: b.address.street, postalCode: b.address.postalCode, city: b.address.city, country: b.address.country });

export function summaryDto(row: repo.InvoiceRow): InvoiceSummaryDto {
  return { id: row.id, number: row.number, issuedAt: row.issued_at };
}

export function listItemDto(row: repo.InvoiceRow): InvoiceListItemDto {
  const base = `/api/backend/orders/${row.order_id}`;
  return {
    ...summaryDto(row),
    kind: row.kind,
    total: row.total_minor / 100,
    currency: row.currency,
    pdfUrl: `${base}/invoice.pdf?document=${row.id}`,
    xmlUrl: `${base}/invoice.xml?document=${row.id}`,
    ksef: ksefDto(row),
  };
}

/** Writes one invoice row with the next number of its seller's series, in one transaction with the number. */
async function writeInvoice(
  trx: Db,
  order: orders.OrderRow,
  seller: repo.SellerRow,
  buyer: InvoiceParty,
  lines: DocumentLine[],
  payment: OrderPaymentFacts,
  now: Date,
  correction?: { of: repo.InvoiceRow; refundKey: string; reason: string },
): Promise<repo.InvoiceRow> {
  const kind = correction ? 'KOR' : 'VAT';
  const year = Number(warsawDate(now).slice(0, 4));
  // The next number is read (and its counter row locked on PostgreSQL) but taken only once the
  // document built with it is valid: an invalid one leaves the series as it was.
  const seq = await repo.lockNextSeq(trx, order.laboratory_id, year);
  const number = invoiceNumber(year, seq);
  const issuedAt = now.toISOString();
  const paidOn = payment.paidAt ? warsawDate(new Date(payment.paidAt)) : null;
  const saleDate = paidOn ?? warsawDate(now);
  const xml = buildFa3Xml({
    kind,
    number,
    issuedAt,
    saleDate,
    currency: 'PLN',
    seller: sellerParty(seller),
    buyer,
    lines,
    payment: { paid: payment.paid, paidOn, method: payment.method },
    corrected: correction
      ? { number: correction.of.number, issuedOn: correction.of.issued_at.slice(0, 10), ksefNumber: correction.of.ksef_number, reason: correction.reason }
      : undefined,
  });
  const errors = await fa3SchemaErrors(xml);
  if (errors) {
    log().error({ orderId: order.id, kind, errors: errors.slice(0, 2000) }, 'invoice refused: not valid FA(3)');
    throw new HttpError(422, INVOICE_INVALID, { code: ERROR_CODES.invoiceInvalid });
  }
  await repo.takeSeq(trx, order.laboratory_id, year, seq);
  const row = await repo.insertInvoice(trx, {
    order_id: order.id,
    user_id: order.user_id,
    laboratory_id: order.laboratory_id,
    kind,
    vat_order_id: correction ? null : order.id,
    corrects_invoice_id: correction?.of.id ?? null,
    year,
    seq,
    number,
    issued_at: issuedAt,
    sale_date: saleDate,
    currency: 'PLN',
    total_minor: totalMinor(lines),
    seller_json: JSON.stringify(sellerParty(seller)),
    buyer_json: JSON.stringify(buyer),
    lines_json: JSON.stringify(lines),
    payment_json: JSON.stringify({ ...payment, paidOn }),
    refund_key: correction?.refundKey ?? null,
    xml,
  });
  await queueKsefSend(trx, row.id, order.laboratory_id);
  return row;
}

/**
 * The owner asks for a VAT invoice: 201 with the new invoice, or 200 with the one already issued.
 * 404 for another user's order, 422 naming the field of a bad buyer, 409 when the order is unpaid,
 * its money was wholly refunded (or is being refunded; `order_refunded`), its laboratory issues no
 * invoices or the legal window has closed. When part of the money was refunded before the request,
 * the invoice of the full sale and a correction down to what was kept are issued together.
 */
export async function requestInvoice(db: Db, user: AuthUser, orderId: number, body: unknown, now = new Date()): Promise<{ created: boolean; invoice: InvoiceSummaryDto }> {
  const order = await orders.getOrder(db, orderId);
  if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
  const buyer = buyerParty(await parseBuyer(body));
  const existing = await repo.findVatInvoice(db, orderId);
  if (existing) return { created: false, invoice: summaryDto(existing) };
  const seller = await repo.getSeller(db, order.laboratory_id);
  if (!seller || order.currency !== 'PLN') throw conflict(NO_INVOICES);
  const payment = await orderPaymentFacts(db, orderId);
  if (!payment.paid || !payment.paidAt) throw conflict(NOT_PAID);
  if (payment.keptMinor - payment.refundingMinor <= 0) throw conflict(ORDER_REFUNDED, undefined, ERROR_CODES.orderRefunded);
  if (warsawDate(now) > invoiceDeadline(payment.paidAt)) throw conflict(WINDOW_CLOSED);
  const lines = await orderDocumentLines(db, order);

  return db.transaction().execute(async (trx) => {
    // The order row's lock (PostgreSQL) makes a second request for the same order wait and then find the first's invoice.
    await orders.lockOrder(trx, orderId);
    const again = await repo.findVatInvoice(trx, orderId);
    if (again) return { created: false, invoice: summaryDto(again) };
    const row = await writeInvoice(trx, order, seller, buyer, lines, payment, now);
    // Refunds settled before the request: the sale is invoiced in full and corrected down to what was kept.
    const refundedOfSale = row.total_minor - Math.min(payment.keptMinor, row.total_minor);
    if (refundedOfSale > 0 && payment.refunds.length) {
      const correction = correctionLines(JSON.parse(row.lines_json) as DocumentLine[], row.total_minor, { amountMinor: refundedOfSale });
      await writeInvoice(trx, order, seller, buyer, correction, payment, now, { of: row, refundKey: `refunds-before-invoice:${orderId}`, reason: 'Zwrot zapłaty za badania' });
    }
    return { created: true, invoice: summaryDto(row) };
  });
}

/**
 * The negative lines of a correction for a refund: the lines named (analysis ids, `visit`), the whole
 * document when the whole amount was refunded, or else the amount spread over the document's lines in
 * proportion (largest remainder), so each VAT rate is corrected by its share.
 */
export function correctionLines(issued: DocumentLine[], issuedTotalMinor: number, refund: { amountMinor: number; lines?: (number | 'visit')[] }): DocumentLine[] {
  if (refund.lines?.length) {
    const wanted = new Set(refund.lines);
    return issued.filter((l) => (lineKind(l) === 'visit' ? wanted.has('visit') : lineKind(l) === 'analysis' && l.analysisId !== null && wanted.has(l.analysisId))).map((l) => ({ ...l, amountMinor: -l.amountMinor }));
  }
  if (refund.amountMinor >= issuedTotalMinor) return issued.filter((l) => l.amountMinor !== 0).map((l) => ({ ...l, amountMinor: -l.amountMinor }));
  const positive = issued.filter((l) => l.amountMinor > 0);
  const shares = spreadDiscount(
    positive.map((l) => l.amountMinor),
    refund.amountMinor,
  );
  return positive.flatMap((l, i) => (shares[i] ? [{ ...l, amountMinor: -(shares[i] ?? 0) }] : []));
}

/** The order for a reader of its documents: the owner or staff of its laboratory; anyone else 404. */
async function readableOrder(db: Db, user: AuthUser, orderId: number): Promise<orders.OrderRow> {
  const order = await orders.getOrder(db, orderId);
  if (!order || (order.user_id !== user.id && !isStaffOf(user, order.laboratory_id))) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** The order's invoices and corrections; a read by the laboratory's staff is recorded in the patient's access log (the lines name the analyses). */
export async function listInvoices(db: Db, user: AuthUser, orderId: number): Promise<InvoiceListItemDto[]> {
  const order = await readableOrder(db, user, orderId);
  const rows = await repo.listOrderInvoices(db, orderId);
  await recordHealthReadByOther(db, user, order, 'invoices');
  return rows.map(listItemDto);
}

/**
 * One document of the order: `documentId`, or the order's VAT invoice when absent. `read` names the
 * file for the access log when the laboratory's staff open it (`invoice pdf`, `invoice xml`).
 */
export async function readInvoice(db: Db, user: AuthUser, orderId: number, documentId?: number, read?: string): Promise<repo.InvoiceRow> {
  const order = await readableOrder(db, user, orderId);
  const rows = await repo.listOrderInvoices(db, orderId);
  const row = documentId ? rows.find((r) => r.id === documentId) : rows.find((r) => r.kind === 'VAT');
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  if (read) await recordHealthReadByOther(db, user, order, `${read} ${row.number}`);
  return row;
}

/**
 * A refund after an invoice: issues the correcting invoice, once per refund (`refundKey`), with the
 * refunded lines negative (`correctionLines`): the lines named (analysis ids, `visit` for the visit
 * fee), or, without names, every line when the whole amount was refunded and the amount spread over
 * the lines in proportion otherwise.
 * Returns null when the order has no invoice (the receipt covers the refund then).
 * Called by the refund code in the transaction that records the refund.
 */
export async function issueCorrectionForRefund(
  db: Db,
  orderId: number,
  refund: { refundKey: string; amountMinor: number; lines?: (number | 'visit')[] },
  now = new Date(),
): Promise<InvoiceSummaryDto | null> {
  const original = await repo.findVatInvoice(db, orderId);
  if (!original) return null;
  const done = await repo.findByRefundKey(db, refund.refundKey);
  if (done) return summaryDto(done);
  const order = await orders.getOrder(db, orderId);
  const seller = await repo.getSeller(db, original.laboratory_id);
  if (!order || !seller) return null;
  const lines = correctionLines(JSON.parse(original.lines_json) as DocumentLine[], original.total_minor, refund);
  const payment = await orderPaymentFacts(db, orderId);
  const buyer = JSON.parse(original.buyer_json) as InvoiceParty;
  return inTransaction(db, async (trx) => {
    await orders.lockOrder(trx, orderId);
    const again = await repo.findByRefundKey(trx, refund.refundKey);
    if (again) return summaryDto(again);
    const row = await writeInvoice(trx, order, seller, buyer, lines, payment, now, { of: original, refundKey: refund.refundKey, reason: 'Zwrot zapłaty za badania' });
    return summaryDto(row);
  });
}
