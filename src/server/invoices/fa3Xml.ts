import { create } from 'xmlbuilder2';

/**
 * The FA(3) XML of an invoice (schema `http://crd.gov.pl/wzor/2025/06/25/13775/`, the official XSD
 * is kept beside this file in fa3/). Built with xmlbuilder2 from plain data: every text is escaped by
 * the library. Each line carries its VAT rate in `P_12`: laboratory tests and the home visit are
 * exempt (`zw`, the legal basis in `P_19A`, their sum in `P_13_7`); a sample material sold as goods
 * is taxed at 8 or 23 per cent. Prices are gross (what the patient paid), so taxed lines give their
 * gross unit price and value (`P_9B`, `P_11A`, art. 106e ust. 7 and 8) and the tax of each rate is
 * computed once from the rate's gross sum (`P_13_1`/`P_14_1` for 23 %, `P_13_2`/`P_14_2` for 8 %).
 * `P_15` is the sum of the lines. A correcting invoice (`KOR`) references the original by number
 * and date and carries the refunded lines negative.
 */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
export const VAT_EXEMPTION_BASIS = 'art. 43 ust. 1 pkt 18 ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług';

export interface InvoiceParty {
  /** A company's NIP; null (or absent) for a private person invoiced without a tax number (`BrakID`). */
  taxId?: string | null;
  /** Absent on buyers of invoices issued before private persons could ask for one: a company. */
  kind?: 'company' | 'person';
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The VAT treatment of a line: exempt, or taxed at 8 or 23 per cent. */
export type VatRate = 'zw' | '8' | '23';

export interface InvoiceLineData {
  /** What was sold, as printed: `Badanie laboratoryjne: Glucose`. */
  name: string;
  /** Signed gross amount in grosz (negative on a correction); for an exempt line net = gross. */
  amountMinor: number;
  /** Absent on lines issued before rates were per line: exempt. */
  vatRate?: VatRate;
}

export interface InvoicePaymentData {
  paid: boolean;
  /** YYYY-MM-DD. */
  paidOn: string | null;
  method: 'online' | 'on_visit';
  /** How it was paid: online, or at the visit in cash or by card (absent: online, or cash at the visit). */
  paidBy?: PaidBy;
}

export type PaidBy = 'online' | 'cash' | 'card';

/** How an invoice's payment was made, also for one stored before the means at the visit was recorded. */
export const paidByOf = (p: Pick<InvoicePaymentData, 'method' | 'paidBy'>): PaidBy => p.paidBy ?? (p.method === 'online' ? 'online' : 'cash');

export interface InvoiceData {
  kind: 'VAT' | 'KOR';
  number: string;
  /** The moment of issue (ISO); its date is P_1. */
  issuedAt: string;
  /** The date of the service: the sample collection on the laboratory's clock, or, before it, the payment; YYYY-MM-DD (P_6). */
  saleDate: string;
  currency: 'PLN';
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLineData[];
  payment: InvoicePaymentData;
  /** For a correction: the invoice corrected and why. */
  corrected?: { number: string; issuedOn: string; ksefNumber: string | null; reason: string };
}

/** 12345 -> "123.45", -500 -> "-5.00". */
export function amount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** FormaPlatnosci: 1 cash and 2 card (paid to the nurse at the visit), 6 transfer (the online payment gateway). */
const PAYMENT_FORM = { cash: '1', card: '2', online: '6' } as const;

const address = (p: InvoiceParty) => ({
  KodKraju: p.country,
  AdresL1: p.street,
  AdresL2: `${p.postalCode} ${p.city}`,
});

/** Podmiot2's identification: the NIP of a company, `BrakID` for a private person without one (FA(3) TPodmiot2). */
const buyerIdentification = (p: InvoiceParty) => (p.taxId ? { NIP: p.taxId, Nazwa: p.name } : { BrakID: '1', Nazwa: p.name });

export function totalMinor(lines: InvoiceLineData[]): number {
  return lines.reduce((n, l) => n + l.amountMinor, 0);
}

export const rateOf = (l: InvoiceLineData): VatRate => l.vatRate ?? 'zw';

/** Per rate present on the lines: the gross sum, and for a taxed rate its tax (from the gross sum, half away from zero) and net. */
export interface RateTotal {
  rate: VatRate;
  grossMinor: number;
  vatMinor: number;
  netMinor: number;
}

export function rateTotals(lines: InvoiceLineData[]): RateTotal[] {
  const out: RateTotal[] = [];
  for (const rate of ['23', '8', 'zw'] as const) {
    const of = lines.filter((l) => rateOf(l) === rate);
    if (!of.length) continue;
    const grossMinor = totalMinor(of);
    const r = rate === 'zw' ? 0 : Number(rate);
    const exact = (Math.abs(grossMinor) * r) / (100 + r);
    const vatMinor = Math.sign(grossMinor) * Math.round(exact);
    out.push({ rate, grossMinor, vatMinor, netMinor: grossMinor - vatMinor });
  }
  return out;
}

/** FA(3) totals in schema order: net and tax per taxed rate, then the exempt sum. */
function rateFields(totals: RateTotal[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const t23 = totals.find((t) => t.rate === '23');
  if (t23) Object.assign(fields, { P_13_1: amount(t23.netMinor), P_14_1: amount(t23.vatMinor) });
  const t8 = totals.find((t) => t.rate === '8');
  if (t8) Object.assign(fields, { P_13_2: amount(t8.netMinor), P_14_2: amount(t8.vatMinor) });
  const zw = totals.find((t) => t.rate === 'zw');
  if (zw) fields.P_13_7 = amount(zw.grossMinor);
  return fields;
}

export function buildFa3Xml(data: InvoiceData): string {
  const total = totalMinor(data.lines);
  const hasExempt = data.lines.some((l) => rateOf(l) === 'zw');
  const issuedOn = data.issuedAt.slice(0, 10);
  const correction = data.kind === 'KOR' && data.corrected
    ? {
        PrzyczynaKorekty: data.corrected.reason,
        // 2: the correction takes effect on its own date (a refund).
        TypKorekty: '2',
        DaneFaKorygowanej: {
          DataWystFaKorygowanej: data.corrected.issuedOn,
          NrFaKorygowanej: data.corrected.number,
          ...(data.corrected.ksefNumber ? { NrKSeF: '1', NrKSeFFaKorygowanej: data.corrected.ksefNumber } : { NrKSeFN: '1' }),
        },
      }
    : {};
  const payment = data.payment.paid && data.payment.paidOn
    ? { Zaplacono: '1', DataZaplaty: data.payment.paidOn, FormaPlatnosci: PAYMENT_FORM[paidByOf(data.payment)] }
    : { FormaPlatnosci: PAYMENT_FORM[paidByOf(data.payment)] };

  const doc = create({ version: '1.0', encoding: 'UTF-8' }, {
    Faktura: {
      '@xmlns': FA3_NAMESPACE,
      Naglowek: {
        KodFormularza: { '@kodSystemowy': 'FA (3)', '@wersjaSchemy': '1-0E', '#': 'FA' },
        WariantFormularza: '3',
        DataWytworzeniaFa: new Date(data.issuedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        SystemInfo: 'Lab shop',
      },
      Podmiot1: {
        DaneIdentyfikacyjne: { NIP: data.seller.taxId ?? '', Nazwa: data.seller.name },
        Adres: address(data.seller),
      },
      Podmiot2: {
        DaneIdentyfikacyjne: buyerIdentification(data.buyer),
        Adres: address(data.buyer),
        // Not a unit of local government, not a member of a VAT group.
        JST: '2',
        GV: '2',
      },
      Fa: {
        KodWaluty: data.currency,
        P_1: issuedOn,
        P_1M: data.seller.city,
        P_2: data.number,
        P_6: data.saleDate,
        ...rateFields(rateTotals(data.lines)),
        P_15: amount(total),
        Adnotacje: {
          P_16: '2',
          P_17: '2',
          P_18: '2',
          P_18A: '2',
          Zwolnienie: hasExempt ? { P_19: '1', P_19A: VAT_EXEMPTION_BASIS } : { P_19N: '1' },
          NoweSrodkiTransportu: { P_22N: '1' },
          P_23: '2',
          PMarzy: { P_PMarzyN: '1' },
        },
        RodzajFaktury: data.kind,
        ...correction,
        FaWiersz: data.lines.map((l, i) =>
          rateOf(l) === 'zw'
            ? { NrWierszaFa: String(i + 1), P_7: l.name, P_8A: 'usł.', P_8B: '1', P_9A: amount(l.amountMinor), P_11: amount(l.amountMinor), P_12: 'zw' }
            : { NrWierszaFa: String(i + 1), P_7: l.name, P_8A: 'szt.', P_8B: '1', P_9B: amount(l.amountMinor), P_11A: amount(l.amountMinor), P_12: rateOf(l) },
        ),
        Platnosc: payment,
      },
    },
  });
  return doc.end({ prettyPrint: true });
}
