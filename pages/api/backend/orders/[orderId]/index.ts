import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getOrderDetail } from '@/server/orders/orderLifecycle';
import { requestLanguage } from '@/server/mail/i18n';

export const config = { api: { bodyParser: false } };

/** One order of the caller (or of the staff member's laboratory): lines, timeline, visit, totals. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query, req }) => getOrderDetail(db, user, query.orderId, new Date(), requestLanguage(req)),
  }),
});
