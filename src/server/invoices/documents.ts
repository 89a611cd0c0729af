import type { Db } from '../db/createDb';
import type { OrderRow } from '@/server/orders/repositories/orders';
import { listLines } from '@/server/orders/repositories/orders';
import type { InvoiceLineData } from './fa3Xml';

/**
 * What an order's documents list: one line per analysis and one for the home visit, with the
 * order's discount spread over the analyses so the lines add up to the amount paid, to the grosz.
 */

export interface DocumentLine extends InvoiceLineData {
  /** The analysis of the line, null for the visit fee. */
  analysisId: number | null;
  /** The analysis name as catalogued (the invoice line's text adds a Polish prefix). */
  itemName: string;
  patientName: string | null;
  patientId: number | null;
  /** Before the discount share. */
  listPriceMinor: number;
}

/** Splits `discount` over `amounts` in proportion, largest remainders first, so the parts sum exactly. */
export function spreadDiscount(amounts: number[], discount: number): number[] {
  const total = amounts.reduce((n, a) => n + a, 0);
  if (!total || !discount) return amounts.map(() => 0);
  const d = Math.min(discount, total);
  const exact = amounts.map((a) => (a * d) / total);
  const parts = exact.map(Math.floor);
  let left = d - parts.reduce((n, p) => n + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

export const VISIT_LINE_PL = 'Pobranie materiału do badań w domu pacjenta (wizyta)';
export const analysisLinePl = (name: string) => `Badanie laboratoryjne: ${name}`;

export async function orderDocumentLines(db: Db, order: OrderRow): Promise<DocumentLine[]> {
  const rows = await listLines(db, [order.id]);
  const shares = spreadDiscount(
    rows.map((r) => r.price_minor),
    order.discount_minor,
  );
  const lines: DocumentLine[] = rows.map((r, i) => ({
    analysisId: r.analysis_id,
    itemName: r.name,
    name: analysisLinePl(r.name),
    patientId: r.patient_id,
    patientName: `${r.first_name} ${r.last_name}`,
    listPriceMinor: r.price_minor,
    amountMinor: r.price_minor - (shares[i] ?? 0),
  }));
  lines.push({
    analysisId: null,
    itemName: 'visit',
    name: VISIT_LINE_PL,
    patientId: null,
    patientName: null,
    listPriceMinor: order.delivery_price_minor,
    amountMinor: order.delivery_price_minor,
  });
  return lines;
}
