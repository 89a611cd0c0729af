import { labPlace, localName } from '@/shared/catalogueText';
import { namesI18n } from '@/server/catalogue/catalogueNames';
import { laboratoryI18n } from '@/server/laboratories/laboratories';
import type { Db } from '../db/createDb';
import type { Language } from '@/shared/i18n';
import type { AuthUser } from '../http/auth';
import { conflict, notFound } from '../http/errors';
import { ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import * as orders from '@/server/orders/repositories/orders';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import { getSeller } from '@/server/invoices/repositories/invoices';
import { lineKind, orderDocumentLines } from './documents';
import { orderPaymentFacts } from './paymentFacts';
import { pdfTools, renderPdf, type PdfRow } from './pdf';
import { NOT_PAID } from './service';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';

/**
 * The receipt of a paid order, for its owner only (anyone else 404), in the reader's language and
 * the order's currency: the laboratory as seller (legal name and tax id where it has seller data),
 * the payer, each analysis and each sample material bought under its patient (the lines of
 * `orderDocumentLines`, as the invoice), the home visit, the discount, the payment (method and time)
 * and any refunds. It is rendered from the order as placed (its lines, prices and frozen
 * patient identities never change) and the payment facts, so the same order always gives the same
 * receipt; a refund adds its line, it never rewrites one.
 */

export async function orderReceiptPdf(db: Db, user: AuthUser, orderId: number, language: Language): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await orders.getOrder(db, orderId);
  if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
  const payment = await orderPaymentFacts(db, orderId);
  if (!payment.paid || !payment.paidAt) throw conflict(NOT_PAID);
  const lines = await orderDocumentLines(db, order);
  const [labs, seller, payer, names, materialNames] = await Promise.all([
    findLaboratoriesByIds(db, [order.laboratory_id]),
    getSeller(db, order.laboratory_id),
    orders.getUser(db, order.user_id),
    namesI18n(db, 'analysis', lines.flatMap((l) => (l.analysisId === null ? [] : [l.analysisId]))),
    namesI18n(db, 'material', lines.flatMap((l) => (l.materialId ? [l.materialId] : []))),
  ]);
  const lab = labs.get(order.laboratory_id);
  const { t, day, dayTime, money, zoneNote } = pdfTools(language, timeZoneOf(lab?.country ?? 'PL'));
  const m = (minor: number) => money(minor, order.currency);

  const sellerLines = seller
    ? [seller.legal_name, seller.street, `${seller.postal_code} ${seller.city}`, t('doc.taxId', { id: seller.tax_id })]
    : [lab ? labPlace({ cityName: lab.city_name, address: lab.address, i18n: laboratoryI18n(lab) }, language) : order.laboratory_id];
  const rows: PdfRow[] = [];
  let patient: string | null = null;
  for (const l of lines.filter((x) => lineKind(x) === 'analysis' || lineKind(x) === 'material')) {
    if (l.patientName !== patient) {
      patient = l.patientName;
      rows.push({ text: t('receipt.patient', { name: patient }), amount: '', bold: true });
    }
    if (lineKind(l) === 'analysis') {
      rows.push({ text: `   ${localName({ name: l.itemName, i18n: names.get(l.analysisId as number) }, language)}`, amount: m(l.listPriceMinor) });
    } else {
      const name = localName({ name: l.itemName, i18n: materialNames.get(l.materialId as number) }, language);
      const taxed = l.vatRate && l.vatRate !== 'zw';
      rows.push({ text: `   ${t('receipt.material', { name })}`, amount: m(l.listPriceMinor), ...(taxed ? { note: `   ${t('receipt.vatIncluded', { rate: l.vatRate })}` } : {}) });
    }
  }
  rows.push({ text: t('receipt.visitFee'), amount: m(order.delivery_price_minor) });
  const totals: PdfRow[] = [{ text: t('receipt.subtotal'), amount: m(order.subtotal_minor) }];
  if (order.discount_minor) totals.push({ text: t('receipt.discount', { code: order.promo_code ?? '' }), amount: `−${m(order.discount_minor)}` });
  totals.push({ text: t('receipt.visitFee'), amount: m(order.delivery_price_minor) });
  totals.push({ text: t('receipt.total'), amount: m(order.total_minor), bold: true });
  for (const r of payment.refunds) totals.push({ text: t('receipt.refund', { date: day(r.at) }), amount: `−${m(r.amountMinor)}` });

  const title = t('receipt.title');
  const pdf = await renderPdf({
    title,
    documentTitle: t('receipt.documentTitle', { number: order.number }),
    facts: [
      t('receipt.order', { number: order.number }),
      t('receipt.paidHow', { method: t(`receipt.method.${payment.method}`), date: dayTime(payment.paidAt) }),
      zoneNote,
    ],
    parties: [
      { heading: t('doc.seller'), lines: sellerLines },
      { heading: t('doc.payer'), lines: payer ? [`${payer.first_name} ${payer.last_name}`, payer.email] : [] },
    ],
    header: { item: t('doc.item'), amount: t('doc.amount') },
    rows,
    totals,
    notes: order.currency === 'PLN' ? [t('receipt.vatNote')] : [],
  });
  return { fileName: `receipt-${order.number.replace(/[^A-Za-z0-9-]+/g, '')}.pdf`, pdf };
}
