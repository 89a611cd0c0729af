import { mixed, object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { requestInvoice } from '@/server/invoices/service';

export const config = { api: { bodyParser: false } };

/** The owner asks for the order's VAT invoice: 201 when issued now, 200 with the one already issued (docs/invoices.md). */
export default route({
  POST: method({
    auth: 'user',
    limit: { action: 'invoice', per: 'account' },
    query: object({ orderId: idParam() }),
    // Checked by the service, which answers 422 naming the field (FA(3) limits, NIP check digit).
    body: mixed(),
    handler: async ({ db, user, query, body, res }) => {
      const { created, invoice } = await requestInvoice(db, user, query.orderId, body);
      res.status(created ? 201 : 200).json(invoice);
    },
  }),
});
