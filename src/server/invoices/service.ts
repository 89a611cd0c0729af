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
import { buildFa3Xml, totalMinor, type InvoiceParty } from './fa3Xml';
import { checkFa3, wasChecked } from './fa3Checked';
import { lineKind, orderDocumentLines, spreadDiscount, type DocumentLine } from './documents';
import { orderPaymentFacts, type OrderPaymentFacts } from './paymentFacts';
import { queueKsefSend } from './ksef';
import { ksefDto, type InvoiceKsefDto } from './ksef/dto';
import { inWriteTransaction } from '@/server/db/transactions';
import { buyerParty, sellerParty, serviceDate } from './parties';

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
    return v.buyer as InvoiceBuyer;
  } catch (e) {
    if (e instanceof ValidationError) throw invalid(e);
    throw e;
  }
}

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

type Correction = { of: Pick<repo.InvoiceRow, 'id' | 'number' | 'issued_at' | 'ksef_number'>; refundKey: string; reason: string };

/** One document to issue: its buyer, lines and, for a correction, the invoice it corrects. */
interface Draft {
  order: orders.OrderRow;
  seller: repo.SellerRow;
  buyer: InvoiceParty;
  lines: DocumentLine[];
  payment: OrderPaymentFacts;
  /** P_6, YYYY-MM-DD (`serviceDate`). */
  saleDate: string;
  now: Date;
  correction?: Correction;
}

const documentYear = (now: Date) => Number(warsawDate(now).slice(0, 4));

/** The FA(3) XML of a draft with number `seq` of its seller's series. */
function draftXml(d: Draft, seq: number): string {
  const paidOn = d.payment.paidAt ? warsawDate(new Date(d.payment.paidAt)) : null;
  return buildFa3Xml({
    kind: d.correction ? 'KOR' : 'VAT',
    number: invoiceNumber(documentYear(d.now), seq),
    issuedAt: d.now.toISOString(),
    saleDate: d.saleDate,
    currency: 'PLN',
    seller: sellerParty(d.seller),
    buyer: d.buyer,
    lines: d.lines,
    payment: { paid: d.payment.paid, paidOn, method: d.payment.method, paidBy: d.payment.paidBy },
    corrected: d.correction
      ? { number: d.correction.of.number, issuedOn: d.correction.of.issued_at.slice(0, 10), ksefNumber: d.correction.of.ksef_number, reason: d.correction.reason }
      : undefined,
  });
}

/**
 * Outside any transaction: builds the drafts with the numbers the seller's series would give now (the
 * first draft the next one, a correction after it the one after) and checks them against the schema.
 * An invalid document is refused here, before the transaction, and takes no number.
 */
async function prevalidate(db: Db, drafts: Draft[]): Promise<void> {
  const first = drafts[0];
  if (!first) return;
  let seq = await repo.peekNextSeq(db, first.order.laboratory_id, documentYear(first.now));
  let previous: { number: string; issued_at: string } | null = null;
  for (const d of drafts) {
    // A correction of the draft before it (issued in the same transaction) names that draft's number.
    const draft = d.correction && d.correction.of.id === PENDING_ORIGINAL && previous ? { ...d, correction: { ...d.correction, of: { ...d.correction.of, ...previous } } } : d;
    await checkFa3(draftXml(draft, seq), d.order.id, d.correction ? 'KOR' : 'VAT');
    previous = { number: invoiceNumber(documentYear(d.now), seq), issued_at: d.now.toISOString() };
    seq += 1;
  }
}

/** Stands for "the invoice written just before in this transaction" in a correction drafted ahead of it. */
const PENDING_ORIGINAL = -1;

/** The number read under the lock is not the one the document was checked with (another invoice took it meanwhile). */
class NumberMoved extends Error {}

/**
 * Writes one invoice row with the next number of its seller's series, in one transaction with the
 * number. The document was checked before the transaction (`prevalidate`); here, under the counter's
 * lock, it is built with the number taken and must be the text checked. When it is not (the series
 * moved meanwhile), `strict` gives up with NumberMoved so the caller checks again outside the
 * transaction; otherwise (a caller already inside another transaction) it is checked here.
 */
async function writeInvoice(trx: Db, d: Draft, strict: boolean): Promise<repo.InvoiceRow> {
  const { order, correction, lines, now } = d;
  const kind = correction ? 'KOR' : 'VAT';
  const year = documentYear(now);
  // The next number is read (and its counter row locked on PostgreSQL) but taken only once the
  // document built with it is known valid: an invalid one leaves the series as it was.
  const seq = await repo.lockNextSeq(trx, order.laboratory_id, year);
  const xml = draftXml(d, seq);
  if (!wasChecked(xml)) {
    if (strict) throw new NumberMoved(`invoice number ${seq} of ${order.laboratory_id}/${year} differs from the one checked`);
    await checkFa3(xml, order.id, kind);
  }
  await repo.takeSeq(trx, order.laboratory_id, year, seq);
  const paidOn = d.payment.paidAt ? warsawDate(new Date(d.payment.paidAt)) : null;
  const row = await repo.insertInvoice(trx, {
    order_id: order.id,
    user_id: order.user_id,
    laboratory_id: order.laboratory_id,
    kind,
    vat_order_id: correction ? null : order.id,
    corrects_invoice_id: correction?.of.id ?? null,
    year,
    seq,
    number: invoiceNumber(year, seq),
    issued_at: now.toISOString(),
    sale_date: d.saleDate,
    currency: 'PLN',
    total_minor: totalMinor(lines),
    seller_json: JSON.stringify(sellerParty(d.seller)),
    buyer_json: JSON.stringify(d.buyer),
    lines_json: JSON.stringify(lines),
    payment_json: JSON.stringify({ ...d.payment, paidOn }),
    refund_key: correction?.refundKey ?? null,
    xml,
  });
  await queueKsefSend(trx, row.id, order.laboratory_id);
  return row;
}

/**
 * Checks the drafts outside the transaction, then runs `write` in it; when the series moved between
 * the two (another invoice of the seller took the number), checks again outside and retries, a few
 * times, before checking under the lock as a last resort.
 */
async function issueChecked<T>(db: Db, drafts: () => Draft[], write: (trx: Db, strict: boolean) => Promise<T>): Promise<T> {
  const TRIES = 3;
  for (let attempt = 1; ; attempt++) {
    await prevalidate(db, drafts());
    const strict = attempt < TRIES;
    try {
      return await inWriteTransaction(db, (trx) => write(trx, strict));
    } catch (e) {
      if (!(e instanceof NumberMoved)) throw e;
    }
  }
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
  const vat: Draft = { order, seller, buyer, lines, payment, saleDate: await serviceDate(db, order, payment, now), now };
  // Refunds settled before the request: the sale is invoiced in full and corrected down to what was kept.
  const total = totalMinor(lines);
  const refundedOfSale = total - Math.min(payment.keptMinor, total);
  const correctionOf = (of: Correction['of']): Draft | null =>
    refundedOfSale > 0 && payment.refunds.length
      ? { ...vat, lines: correctionLines(lines, total, { amountMinor: refundedOfSale }), correction: { of, refundKey: `refunds-before-invoice:${orderId}`, reason: 'Zwrot zapłaty za badania' } }
      : null;

  const pending = correctionOf({ id: PENDING_ORIGINAL, number: '', issued_at: now.toISOString(), ksef_number: null });
  return issueChecked(
    db,
    () => (pending ? [vat, pending] : [vat]),
    async (trx, strict) => {
      // The order row's lock (PostgreSQL) makes a second request for the same order wait and then find the first's invoice.
      await orders.lockOrder(trx, orderId);
      const again = await repo.findVatInvoice(trx, orderId);
      if (again) return { created: false, invoice: summaryDto(again) };
      const row = await writeInvoice(trx, vat, strict);
      const correction = correctionOf(row);
      if (correction) await writeInvoice(trx, correction, strict);
      return { created: true, invoice: summaryDto(row) };
    },
  );
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
  refund: RefundDocument,
  now = new Date(),
): Promise<InvoiceSummaryDto | null> {
  const done = await repo.findByRefundKey(db, refund.refundKey);
  if (done) return summaryDto(done);
  const draft = await correctionDraft(db, orderId, refund, now);
  if (!draft) return null;
  // Inside the refund's transaction the document cannot be checked before it: the refund code checks
  // it first (`checkCorrectionForRefund`) so that the check here is a look-up.
  const write = async (trx: Db, strict: boolean) => {
    await orders.lockOrder(trx, orderId);
    const again = await repo.findByRefundKey(trx, refund.refundKey);
    if (again) return summaryDto(again);
    return summaryDto(await writeInvoice(trx, draft, strict));
  };
  if (db.isTransaction) return write(db, false);
  return issueChecked(db, () => [draft], write);
}

type RefundDocument = { refundKey: string; amountMinor: number; lines?: (number | 'visit')[] };

/** The correction a refund makes of the order's invoice, or null (no invoice, or already issued). */
async function correctionDraft(db: Db, orderId: number, refund: RefundDocument, now: Date): Promise<Draft | null> {
  const original = await repo.findVatInvoice(db, orderId);
  if (!original) return null;
  if (await repo.findByRefundKey(db, refund.refundKey)) return null;
  const order = await orders.getOrder(db, orderId);
  const seller = await repo.getSeller(db, original.laboratory_id);
  if (!order || !seller) return null;
  const lines = correctionLines(JSON.parse(original.lines_json) as DocumentLine[], original.total_minor, refund);
  const payment = await orderPaymentFacts(db, orderId);
  const buyer = JSON.parse(original.buyer_json) as InvoiceParty;
  // A correction keeps the date of the service it corrects.
  return { order, seller, buyer, lines, payment, saleDate: original.sale_date, now, correction: { of: original, refundKey: refund.refundKey, reason: 'Zwrot zapłaty za badania' } };
}

/**
 * Before the transaction that settles a refund: checks the correction it will issue against the FA(3)
 * schema, so that `issueCorrectionForRefund` inside that transaction finds it checked. An invalid one
 * is only logged here (the refund settles all the same; the correction is then refused inside).
 */
export async function checkCorrectionForRefund(db: Db, orderId: number, refund: RefundDocument, now = new Date()): Promise<void> {
  const draft = await correctionDraft(db, orderId, refund, now);
  if (!draft) return;
  await prevalidate(db, [draft]).catch((e: unknown) => {
    if (!(e instanceof HttpError)) throw e;
  });
}
