import { method, route } from '@/server/http/route';
import { listOrders } from '@/server/orders/orderLifecycle';

export const config = { api: { bodyParser: false } };

/** The caller's own orders, newest first. */
export default route({
  GET: method({ auth: 'user', handler: ({ db, user }) => listOrders(db, user.id) }),
});
