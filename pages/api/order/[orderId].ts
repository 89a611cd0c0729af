import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { getOrderSummary } from '@/server/orders/orders';
import { queryId } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

const query = object({ orderId: queryId().required() });

/** The caller's submitted order (another user's order is 404). */
export default route({
  GET: method({
    auth: 'user',
    query,
    handler: ({ db, user, query: q }) => getOrderSummary(db, user.id, Number(q.orderId)),
  }),
});
