import { intlLocale, type Language } from '@/shared/i18n';
import type { InvoiceRow } from '@/server/invoices/repositories/invoices';
import type { DocumentLine } from './documents';
import type { InvoiceParty, InvoicePaymentData } from './fa3Xml';
import { VAT_EXEMPTION_BASIS, paidByOf, rateOf, rateTotals } from './fa3Xml';
import { pdfTools, renderPdf } from './pdf';
import { ksefPdfParts } from './ksef/pdfBlock';

/**
 * The PDF of an issued invoice or correction: a readable rendering of the stored row (the same
 * data as its FA(3) XML), with the KSeF number once KSeF has given one. Line texts stay as issued
 * (Polish); labels and the parties' country names follow the reader's language. It says the date of
 * the service (the sample collection) and how and when the order was paid.
 */

/** The name of a country (ISO 3166-1 alpha-2) in `language`: `BY` is "Belarus", "Białoruś", "Беларусь". */
function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
export function invoiceFileName(row: InvoiceRow, ext: 'pdf' | 'xml'): string {
  return `invoice-${row.number.replace(/[^A-Za-z0-9]+/g, '-')}.${ext}`;
}

export function renderInvoicePdf(row: InvoiceRow, orderNumber: string, language: Language, corrected?: InvoiceRow): Promise<Buffer> {
  const { t, day, money } = pdfTools(language);
  const seller = JSON.parse(row.seller_json) as InvoiceParty;
  const buyer = JSON.parse(row.buyer_json) as InvoiceParty;
  const lines = JSON.parse(row.lines_json) as DocumentLine[];
  const payment = JSON.parse(row.payment_json) as InvoicePaymentData;
  // A private person has no tax number: the block says so instead of a NIP line.
  const party = (p: InvoiceParty) => [p.name, p.street, `${p.postalCode} ${p.city}`, countryName(p.country, language), p.taxId ? t('doc.taxId', { id: p.taxId }) : t('doc.privatePerson')];
  const title = row.kind === 'KOR' ? t('invoice.correctionTitle', { number: row.number }) : t('invoice.title', { number: row.number });
  const facts = [
    t('invoice.issued', { date: day(row.issued_at), place: seller.city }),
    t('invoice.saleDate', { date: day(`${row.sale_date}T12:00:00Z`) }),
    payment.paid && payment.paidOn
      ? t('invoice.paid', { method: t(`invoice.paidBy.${paidByOf(payment)}`), date: day(`${payment.paidOn}T12:00:00Z`) })
      : t('invoice.paymentMethod', { method: t(`invoice.paidBy.${paidByOf(payment)}`) }),
    t('invoice.order', { number: orderNumber }),
  ];
  if (corrected) facts.push(t('invoice.corrects', { number: corrected.number, date: day(corrected.issued_at) }));
  // KSeF: the number or "awaiting KSeF", and the verification QR code (KOD I) with its label (ksef/pdfBlock.ts).
  const ksef = ksefPdfParts(row, t);
  facts.push(...ksef.facts);
  return renderPdf({
    title,
    documentTitle: title,
    facts,
    parties: [
      { heading: t('doc.seller'), lines: party(seller) },
      { heading: t('doc.buyer'), lines: party(buyer) },
    ],
    header: { item: t('doc.item'), amount: t('doc.amount'), extra: t('doc.vat') },
    rows: lines.map((l) => ({ text: l.name, amount: money(l.amountMinor, row.currency), extra: rateOf(l) === 'zw' ? t('doc.exempt') : `${rateOf(l)}%` })),
    totals: [
      // Per taxed rate its net value and tax (as the FA(3) P_13_x/P_14_x), the exempt sum, then the total.
      ...rateTotals(lines).flatMap((r) =>
        r.rate === 'zw'
          ? [{ text: t('doc.exemptTotal'), amount: money(r.grossMinor, row.currency) }]
          : [
              { text: t('doc.netAt', { rate: r.rate }), amount: money(r.netMinor, row.currency) },
              { text: t('doc.vatAt', { rate: r.rate }), amount: money(r.vatMinor, row.currency) },
            ],
      ),
      { text: t('doc.total'), amount: money(row.total_minor, row.currency), bold: true },
    ],
    notes: [t('invoice.exemption', { basis: VAT_EXEMPTION_BASIS })],
    ...(ksef.qr ? { qr: ksef.qr } : {}),
  });
}
