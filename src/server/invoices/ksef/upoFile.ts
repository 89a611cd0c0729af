import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { notFound } from '@/server/http/errors';
import { readInvoice } from '../service';

export const UPO_NOT_YET = 'KSeF has not accepted this invoice yet: there is no UPO';

/** The UPO of an accepted invoice for `GET orders/{id}/invoice.upo.xml` (owner and the laboratory's staff). */
export async function invoiceUpoFile(db: Db, user: AuthUser, orderId: number, documentId: number | undefined): Promise<{ fileName: string; body: Buffer }> {
  const row = await readInvoice(db, user, orderId, documentId);
  if (!row.ksef_upo) throw notFound(UPO_NOT_YET);
  return { fileName: `upo-${row.number.replace(/[^A-Za-z0-9]+/g, '-')}.xml`, body: Buffer.from(row.ksef_upo, 'utf8') };
}
