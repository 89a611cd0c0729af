import { toMinor, type Currency } from './money';
import type { CartDto, CatalogueI18nDto } from '@/shared/types/api';
import type { ShopOrderDto } from '@/shared/types/order';
import type { OrderDetailDto } from '@/shared/types/results';

/**
 * The money of a cart or an order, the same way on every page (cart, checkout summary,
 * order-submitted, order page): the tests of each patient, the sample materials bought, the home
 * visit, the discount and the total. Computed in minor units (integers), so the listed lines always
 * add up to the total shown.
 */
export interface BreakdownInput {
  currency: Currency;
  patients: {
    id: number | string;
    name: string;
    /** Prices of the patient's tests, major units. */
    tests: number[];
    /** Sample materials; only bought ones are charged. */
    materials: { name: string; i18n?: CatalogueI18nDto; price: number; bought: boolean }[];
  }[];
  /** The home visit fee, major units. */
  visitFee: number;
  /** False while the fee is the laboratory's lowest ("from"), before the address's zone is known. */
  visitFeeExact?: boolean;
  /** What a promo code takes off, major units. */
  discount?: number;
}

export interface BreakdownPatient {
  id: number | string;
  name: string;
  testsMinor: number;
  /** Bought materials of this patient, with their names (e.g. the venous blood collection kit). */
  materials: { name: string; i18n?: CatalogueI18nDto; minor: number }[];
  materialsMinor: number;
}

export interface MoneyBreakdown {
  currency: Currency;
  patients: BreakdownPatient[];
  testsMinor: number;
  materialsMinor: number;
  visitFeeMinor: number;
  visitFeeExact: boolean;
  discountMinor: number;
  totalMinor: number;
}

export function moneyBreakdown(input: BreakdownInput): MoneyBreakdown {
  const patients = input.patients.map((p): BreakdownPatient => {
    const materials = p.materials.filter((m) => m.bought && m.price > 0).map((m) => ({ name: m.name, ...(m.i18n ? { i18n: m.i18n } : {}), minor: toMinor(m.price) }));
    return {
      id: p.id,
      name: p.name,
      testsMinor: p.tests.reduce((s, price) => s + toMinor(price), 0),
      materials,
      materialsMinor: materials.reduce((s, m) => s + m.minor, 0),
    };
  });
  const testsMinor = patients.reduce((s, p) => s + p.testsMinor, 0);
  const materialsMinor = patients.reduce((s, p) => s + p.materialsMinor, 0);
  const visitFeeMinor = toMinor(input.visitFee);
  const discountMinor = toMinor(input.discount ?? 0);
  return {
    currency: input.currency,
    patients,
    testsMinor,
    materialsMinor,
    visitFeeMinor,
    visitFeeExact: input.visitFeeExact ?? true,
    discountMinor,
    totalMinor: testsMinor + materialsMinor + visitFeeMinor - discountMinor,
  };
}

/** The lines a page lists, signed (the discount is negative); they add up to `totalMinor`. */
export function breakdownLines(b: MoneyBreakdown): { key: string; minor: number }[] {
  return [
    ...b.patients.flatMap((p) => [{ key: `tests:${p.id}`, minor: p.testsMinor }, ...p.materials.map((m) => ({ key: `material:${p.id}:${m.name}`, minor: m.minor }))]),
    { key: 'visit', minor: b.visitFeeMinor },
    ...(b.discountMinor ? [{ key: 'discount', minor: -b.discountMinor }] : []),
  ];
}

/* ---------- the same breakdown from each wire shape ---------- */

/** The cart's breakdown: the visit fee as the cart knows it ("from" until the address is known). */
export function cartBreakdown(cart: CartDto, visitFee: number, visitFeeExact: boolean, discount = 0, names: (patientId: string) => string = (id) => id): MoneyBreakdown {
  return moneyBreakdown({
    currency: cart.cartTotal.currency,
    patients: Object.entries(cart.analysisDtosByPatientId).map(([id, analyses]) => ({
      id,
      name: names(id),
      tests: analyses.map((a) => a.prices[0]?.price ?? 0),
      materials: Object.values(cart.materialCartRefMapsByPatientId[id] ?? {}).map((m) => ({ name: m.material.name, ...(m.material.i18n ? { i18n: m.material.i18n } : {}), price: m.material.price, bought: m.bought })),
    })),
    visitFee,
    visitFeeExact,
    discount,
  });
}

/** A submitted order's breakdown (order-submitted page). */
export function shopOrderBreakdown(o: ShopOrderDto): MoneyBreakdown {
  return moneyBreakdown({
    currency: o.currency,
    patients: o.patients.map((p) => ({ id: p.patientId, name: `${p.firstName} ${p.lastName}`, tests: p.lines.map((l) => l.price), materials: p.materials })),
    visitFee: o.deliveryPrice,
    discount: o.discount,
  });
}

/** An order's breakdown (order page). */
export function orderDetailBreakdown(o: OrderDetailDto): MoneyBreakdown {
  return moneyBreakdown({
    currency: o.total.currency,
    patients: o.patients.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, tests: p.lines.map((l) => l.price), materials: p.materials ?? [] })),
    visitFee: o.deliveryPrice,
    discount: o.discount,
  });
}
