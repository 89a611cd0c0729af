import QRCode from 'qrcode';
import type { TFunction } from 'i18next';
import { getConfig } from '@/server/config';
import type { KsefEnv } from '@/server/ksefConfig';
import type { InvoiceRow } from '@/server/invoices/repositories/invoices';
import { invoiceQrFacts, invoiceVerificationUrl } from './qr';

/**
 * What an invoice PDF shows of KSeF (kody-qr.md): the KSeF number, or "awaiting KSeF" until there is
 * one, and the verification QR code KOD I for the configured environment with its label under it:
 * the KSeF number, or OFFLINE while the number is not given yet. Nothing for an invoice issued while
 * sending to KSeF was off.
 */
export interface PdfQr {
  /** The text the code carries (the verification address). */
  text: string;
  /** Under the code: the KSeF number or OFFLINE. */
  label: string;
  /** A line explaining the code, in the reader's language. */
  caption: string;
}

export function ksefPdfParts(row: InvoiceRow, t: TFunction, env: KsefEnv | null = getConfig().ksef?.env ?? null): { facts: string[]; qr?: PdfQr } {
  if (row.ksef_number) {
    const facts = [t('invoice.ksef', { number: row.ksef_number })];
    const qr = qrOf(row, t, env, row.ksef_number);
    return qr ? { facts, qr } : { facts };
  }
  if (!row.ksef_status) return { facts: [] };
  const facts = [t('invoice.ksefAwaiting')];
  const qr = qrOf(row, t, env, 'OFFLINE');
  return qr ? { facts, qr } : { facts };
}

function qrOf(row: InvoiceRow, t: TFunction, env: KsefEnv | null, label: string): PdfQr | undefined {
  const facts = invoiceQrFacts(row.xml);
  if (!env || !facts) return undefined;
  return { text: invoiceVerificationUrl(env, facts.sellerNip, facts.issueDate, row.xml), label, caption: t('invoice.ksefQr') };
}

/** The dark modules of the code: `size` x `size`, row by row (qrcode's own encoder, error correction M). */
export function qrModules(text: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (r, c) => !!modules.get(r, c) };
}

/** Draws the code as vector squares with a quiet zone of 4 modules, the label under it, the caption beside it. */
export function drawQr(doc: PDFKit.PDFDocument, qr: PdfQr, x: number, y: number, width: number): void {
  const m = qrModules(qr.text);
  const unit = 2.4;
  const side = (m.size + 8) * unit;
  if (y + side + 30 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.save();
  doc.rect(x, y, side, side).fill('#fff');
  for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.dark(r, c)) doc.rect(x + (c + 4) * unit, y + (r + 4) * unit, unit, unit);
  doc.fill('#000');
  doc.restore();
  doc.font('bold').fontSize(8).fillColor('#000').text(qr.label, x, y + side + 2, { width: Math.max(side, 200) });
  doc.font('body').fontSize(8).fillColor('#333').text(qr.caption, x + side + 12, y + 4 * unit, { width: width - side - 12 });
  doc.x = x;
  doc.y = y + side + 16;
}
