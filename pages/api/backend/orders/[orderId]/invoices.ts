import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { listInvoices } from '@/server/invoices/service';

export const config = { api: { bodyParser: false } };

/** The order's invoices and corrections in order of issue (owner and the laboratory's staff). */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query }) => listInvoices(db, user, query.orderId),
  }),
});
