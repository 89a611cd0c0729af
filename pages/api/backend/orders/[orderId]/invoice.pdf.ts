import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { ID_PATTERN } from '@/shared/ids';
import { sendBytes } from '@/server/http/sendBytes';
import { invoiceFile } from '@/server/invoices/files';

export const config = { api: { bodyParser: false } };

/** The PDF of the order's invoice, or of `document` (owner and the laboratory's staff). */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam(), document: string().optional().matches(ID_PATTERN, 'Not a valid id') }),
    handler: async ({ db, user, query, req, res }) => {
      const file = await invoiceFile(db, user, query.orderId, query.document ? Number(query.document) : undefined, 'pdf', req.headers.cookie);
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      sendBytes(res, 200, file.body, file.contentType);
    },
  }),
});
