import { create } from 'xmlbuilder2';

/**
 * The FA(3) XML of an invoice (schema `http://crd.gov.pl/wzor/2025/06/25/13775/`, the official XSD
 * is kept beside this file in fa3/). Built with xmlbuilder2 from plain data: every text is escaped by
 * the library. Laboratory tests are exempt from VAT, so every line carries `P_12` = `zw`, the net
 * total is `P_13_7` and the exemption's legal basis is stated in `P_19A`. A correcting invoice
 * (`KOR`) references the original by number and date and carries the refunded lines negative.
 */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
export const VAT_EXEMPTION_BASIS = 'art. 43 ust. 1 pkt 18 ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług';

export interface InvoiceParty {
  taxId: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface InvoiceLineData {
  /** What was sold, as printed: `Glucose (Jan Kowalski)`, `Home visit`. */
  name: string;
  /** Signed gross amount in grosz (negative on a correction). Exempt, so net = gross. */
  amountMinor: number;
}

export interface InvoicePaymentData {
  paid: boolean;
  /** YYYY-MM-DD. */
  paidOn: string | null;
  method: 'online' | 'on_visit';
}

export interface InvoiceData {
  kind: 'VAT' | 'KOR';
  number: string;
  /** The moment of issue (ISO); its date is P_1. */
  issuedAt: string;
  /** The date of the service (sample collection) or payment, YYYY-MM-DD (P_6). */
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

/** FormaPlatnosci: 1 cash (paid to the nurse at the visit), 6 transfer (the online payment gateway). */
const PAYMENT_FORM = { on_visit: '1', online: '6' } as const;

const address = (p: InvoiceParty) => ({
  KodKraju: p.country,
  AdresL1: p.street,
  AdresL2: `${p.postalCode} ${p.city}`,
});

export function totalMinor(lines: InvoiceLineData[]): number {
  return lines.reduce((n, l) => n + l.amountMinor, 0);
}

export function buildFa3Xml(data: InvoiceData): string {
  const total = totalMinor(data.lines);
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
    ? { Zaplacono: '1', DataZaplaty: data.payment.paidOn, FormaPlatnosci: PAYMENT_FORM[data.payment.method] }
    : { FormaPlatnosci: PAYMENT_FORM[data.payment.method] };

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
        DaneIdentyfikacyjne: { NIP: data.seller.taxId, Nazwa: data.seller.name },
        Adres: address(data.seller),
      },
      Podmiot2: {
        DaneIdentyfikacyjne: { NIP: data.buyer.taxId, Nazwa: data.buyer.name },
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
        P_13_7: amount(total),
        P_15: amount(total),
        Adnotacje: {
          P_16: '2',
          P_17: '2',
          P_18: '2',
          P_18A: '2',
          Zwolnienie: { P_19: '1', P_19A: VAT_EXEMPTION_BASIS },
          NoweSrodkiTransportu: { P_22N: '1' },
          P_23: '2',
          PMarzy: { P_PMarzyN: '1' },
        },
        RodzajFaktury: data.kind,
        ...correction,
        FaWiersz: data.lines.map((l, i) => ({
          NrWierszaFa: String(i + 1),
          P_7: l.name,
          P_8A: 'usł.',
          P_8B: '1',
          P_9A: amount(l.amountMinor),
          P_11: amount(l.amountMinor),
          P_12: 'zw',
        })),
        Platnosc: payment,
      },
    },
  });
  return doc.end({ prettyPrint: true });
}
