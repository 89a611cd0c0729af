import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { cancelOrder } from '@/server/orders/orderLifecycle';

export const config = { api: { bodyParser: false } };

/** The patient cancels their order until 24 hours before the visit (409 after). */
export default route({
  POST: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query }) => cancelOrder(db, user.id, query.orderId),
  }),
});
