import type { Db } from '../db/createDb';
import type { OrderRow } from '@/server/orders/repositories/orders';
import { listLines } from '@/server/orders/repositories/orders';
import { orderMaterialCharges } from '@/server/invoices/repositories/invoices';
import type { InvoiceLineData } from './fa3Xml';
import { namesI18n } from '@/server/catalogue/catalogueNames';
import { localName } from '@/shared/catalogueText';
import type { CatalogueI18nDto } from '@/shared/types/api';

/**
 * What an order's documents list (receipt, invoice, correction, their PDFs and the FA(3) XML), all
 * from this one function and the order's stored lines: per patient each analysis and each sample
 * material bought for them (once per patient, at the price the order charged), then the home visit.
 * The promo discount came off the subtotal (analyses and materials), so it is spread over those
 * lines in proportion, largest remainder first: the lines add up to the order's total to the grosz.
 * Analyses and the visit are exempt from VAT (`zw`); a material carries its catalogue rate.
 */

export type DocumentLineKind = 'analysis' | 'material' | 'visit' | 'refund';

export interface DocumentLine extends InvoiceLineData {
  /** Absent on lines issued before materials were itemised: read as `analysis` or, without an analysis, `visit`. */
  kind?: DocumentLineKind;
  /** The analysis of the line, null for a material, the visit fee or a refund. */
  analysisId: number | null;
  /** The material of a material line. */
  materialId?: number | null;
  /** The analysis or material name as catalogued (the invoice line's text adds a Polish prefix). */
  itemName: string;
  patientName: string | null;
  patientId: number | null;
  /** Before the discount share. */
  listPriceMinor: number;
}

/** The kind of a stored line, also of one written before lines had kinds. */
export const lineKind = (l: DocumentLine): DocumentLineKind => l.kind ?? (l.analysisId === null ? (l.itemName === 'refund' ? 'refund' : 'visit') : 'analysis');

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
export const materialLinePl = (name: string) => `Materiał do pobrania próbki: ${name}`;

export async function orderDocumentLines(db: Db, order: OrderRow): Promise<DocumentLine[]> {
  const [rows, materials] = await Promise.all([listLines(db, [order.id]), orderMaterialCharges(db, order.id)]);
  // An invoice is Polish: its lines name the tests and materials by the catalogue's Polish names ("Morfologia krwi").
  const [analysisNames, materialNames] = await Promise.all([
    namesI18n(db, 'analysis', rows.map((r) => r.analysis_id)),
    namesI18n(db, 'material', materials.map((m) => m.material_id)),
  ]);
  const pl = (names: Map<number, CatalogueI18nDto>, id: number, name: string) => localName({ name, i18n: names.get(id) }, 'pl');
  const patientName = new Map(rows.map((r) => [r.patient_id, `${r.first_name} ${r.last_name}`]));
  const charged: DocumentLine[] = [];
  const patientIds = [...new Set([...rows.map((r) => r.patient_id), ...materials.map((m) => m.patient_id)])];
  for (const patientId of patientIds) {
    for (const r of rows.filter((x) => x.patient_id === patientId)) {
      charged.push({ kind: 'analysis', analysisId: r.analysis_id, itemName: r.name, name: analysisLinePl(pl(analysisNames, r.analysis_id, r.name)), patientId, patientName: patientName.get(patientId) ?? null, listPriceMinor: r.price_minor, amountMinor: r.price_minor, vatRate: 'zw' });
    }
    for (const m of materials.filter((x) => x.patient_id === patientId)) {
      charged.push({ kind: 'material', analysisId: null, materialId: m.material_id, itemName: m.name, name: materialLinePl(pl(materialNames, m.material_id, m.name)), patientId, patientName: patientName.get(patientId) ?? null, listPriceMinor: m.price_minor, amountMinor: m.price_minor, vatRate: m.vat_rate });
    }
  }
  const shares = spreadDiscount(
    charged.map((l) => l.listPriceMinor),
    order.discount_minor,
  );
  const lines = charged.map((l, i) => ({ ...l, amountMinor: l.listPriceMinor - (shares[i] ?? 0) }));
  lines.push({
    kind: 'visit',
    analysisId: null,
    itemName: 'visit',
    name: VISIT_LINE_PL,
    patientId: null,
    patientName: null,
    listPriceMinor: order.delivery_price_minor,
    amountMinor: order.delivery_price_minor,
    vatRate: 'zw',
  });
  return lines;
}

/** The lines' total in minor units. */
