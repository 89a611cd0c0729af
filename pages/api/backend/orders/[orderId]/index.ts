import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getOrderDetail } from '@/server/orders/orderLifecycle';

export const config = { api: { bodyParser: false } };

/** One order of the caller (or of the staff member's laboratory): lines, timeline, visit, totals. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query }) => getOrderDetail(db, user, query.orderId),
  }),
});
