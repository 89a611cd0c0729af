import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '../http/auth';
import { languageFromCookie } from '@/shared/i18n';
import { getOrder } from '@/server/orders/repositories/orders';
import { listOrderInvoices } from '@/server/invoices/repositories/invoices';
import { invoiceFileName, renderInvoicePdf } from './invoicePdf';
import { readInvoice } from './service';

/** The files of an issued invoice: its stored FA(3) XML as issued, or its PDF in the reader's language (a staff read is recorded in the access log). */
export async function invoiceFile(
  db: Db,
  user: AuthUser,
  orderId: number,
  documentId: number | undefined,
  kind: 'pdf' | 'xml',
  cookie: string | undefined,
): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  const row = await readInvoice(db, user, orderId, documentId, `invoice ${kind}`);
  if (kind === 'xml') return { fileName: invoiceFileName(row, 'xml'), body: Buffer.from(row.xml, 'utf8'), contentType: 'application/xml; charset=utf-8' };
  const order = await getOrder(db, orderId);
  const corrected = row.corrects_invoice_id ? (await listOrderInvoices(db, orderId)).find((r) => r.id === row.corrects_invoice_id) : undefined;
  const pdf = await renderInvoicePdf(row, order?.number ?? '', languageFromCookie(cookie), corrected);
  return { fileName: invoiceFileName(row, 'pdf'), body: pdf, contentType: 'application/pdf' };
}
