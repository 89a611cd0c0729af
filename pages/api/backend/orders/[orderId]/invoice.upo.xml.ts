import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { ID_PATTERN } from '@/shared/ids';
import { sendBytes } from '@/server/http/sendBytes';
import { invoiceUpoFile } from '@/server/invoices/ksef/upoFile';

export const config = { api: { bodyParser: false } };

/** The KSeF UPO (official receipt) of the order's invoice, or of `document`, once KSeF accepted it (owner and the laboratory's staff). */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam(), document: string().optional().matches(ID_PATTERN, 'Not a valid id') }),
    handler: async ({ db, user, query, res }) => {
      const file = await invoiceUpoFile(db, user, query.orderId, query.document ? Number(query.document) : undefined);
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      sendBytes(res, 200, file.body, 'application/xml; charset=utf-8');
    },
  }),
});
