import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { intlLocale, type Language } from '@/shared/i18n';
import { serverI18n } from '@/shared/i18n/resources';
import { formatMoney } from '@/shared/money';
import { zoneName } from '@/shared/labTime';
import { drawQr, type PdfQr } from './ksef/pdfBlock';

/**
 * The receipt and invoice PDFs share one layout (pdfkit, DejaVu Sans for Cyrillic and Polish
 * letters, as the results PDF): a title, two blocks of parties or facts, an item table with
 * amounts on the right, and totals. Labels in the reader's language (namespace `invoices`).
 */
const FONT_DIRS = [path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf'), '/usr/share/fonts/truetype/dejavu'];

function fontFile(name: string): string {
  for (const dir of FONT_DIRS) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`Font ${name} not found; run npm install (package dejavu-fonts-ttf)`);
}

export interface PdfRow {
  text: string;
  /** A second, smaller line under the text. */
  note?: string;
  amount: string;
  /** Right column next to the amount (the VAT rate on invoices). */
  extra?: string;
  bold?: boolean;
}

export interface PdfLayout {
  title: string;
  documentTitle: string;
  facts: string[];
  /** Up to two party blocks side by side: heading and lines. */
  parties: { heading: string; lines: string[] }[];
  header: { item: string; amount: string; extra?: string };
  rows: PdfRow[];
  totals: PdfRow[];
  notes: string[];
  /** The KSeF verification QR code with its label, after the notes (ksef/pdfBlock.ts). */
  qr?: PdfQr;
}

/** Labels, money and the days and times of a document, on the laboratory's clock (`timeZone`; invoices are Polish, Warsaw). */
export function pdfTools(language: Language, timeZone = 'Europe/Warsaw') {
  const t = serverI18n(language).getFixedT(language, 'invoices');
  const day = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone }).format(new Date(iso));
  const dayTime = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(new Date(iso));
  const money = (minor: number, currency: string) => formatMoney(minor / 100, currency, language);
  /** "Times in Minsk time": said once on a document that shows a time. */
  const zoneNote = t('common:time.note', { zone: zoneName(new Date(0).toISOString(), language, timeZone) });
  return { t, day, dayTime, money, zoneNote };
}

export function renderPdf(layout: PdfLayout): Promise<Buffer> {
  const regular = fontFile('DejaVuSans.ttf');
  const bold = fontFile('DejaVuSans-Bold.ttf');
  const doc = new PDFDocument({ size: 'A4', margin: 48, font: regular, info: { Title: layout.documentTitle, Author: 'Lab shop' } });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(18).fillColor('#173366').text(layout.title);
  doc.moveDown(0.4);
  doc.font('body').fontSize(10).fillColor('#000');
  for (const f of layout.facts) doc.text(f);
  doc.moveDown();

  const top = doc.y;
  const colWidth = (width - 24) / 2;
  let bottom = top;
  layout.parties.forEach((p, i) => {
    const x = left + i * (colWidth + 24);
    doc.font('bold').fontSize(10).text(p.heading, x, top, { width: colWidth });
    doc.font('body');
    for (const line of p.lines) doc.text(line, x, doc.y, { width: colWidth });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = left;
  doc.y = bottom + 16;

  const amountW = 110;
  const extraW = layout.header.extra ? 90 : 0;
  const textW = width - amountW - extraW - 8;
  const row = (r: PdfRow, header = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    doc.font(header || r.bold ? 'bold' : 'body').fontSize(10).fillColor('#000');
    doc.text(r.text, left, y, { width: textW });
    let end = doc.y;
    if (r.note) {
      doc.font('body').fontSize(8).fillColor('#555').text(r.note, left, end, { width: textW });
      end = doc.y;
      doc.fontSize(10).fillColor('#000').font(header || r.bold ? 'bold' : 'body');
    }
    if (extraW) doc.text(r.extra ?? '', left + textW + 8, y, { width: extraW, align: 'right' });
    doc.text(r.amount, left + textW + 8 + extraW, y, { width: amountW, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
    doc.x = left;
  };
  row({ text: layout.header.item, amount: layout.header.amount, extra: layout.header.extra }, true);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999').stroke();
  doc.y += 4;
  for (const r of layout.rows) row(r);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999').stroke();
  doc.y += 4;
  for (const r of layout.totals) row(r);
  doc.moveDown();
  doc.font('body').fontSize(9).fillColor('#333');
  for (const n of layout.notes) doc.text(n, left, doc.y, { width });
  if (layout.qr) drawQr(doc, layout.qr, left, doc.y + 12, width);
  doc.end();
  return done;
}
