import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { sendBytes } from '@/server/http/sendBytes';
import { orderReceiptPdf } from '@/server/invoices/receipt';
import { languageFromCookie } from '@/shared/i18n';

export const config = { api: { bodyParser: false } };

/** The receipt of a paid order, for its owner only (404 for anyone else, 409 while unpaid). */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: async ({ db, user, query, req, res }) => {
      const { fileName, pdf } = await orderReceiptPdf(db, user, query.orderId, languageFromCookie(req.headers.cookie));
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      sendBytes(res, 200, pdf, 'application/pdf');
    },
  }),
});
