import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { streamOrderEvents } from '@/server/orders/orderEvents';

export const config = { api: { bodyParser: false, responseLimit: false } };

/** Server-Sent Events of one order of the caller: an `order` event with its status and visit on each change. */
export default route({
  GET: method({
    auth: 'user',
    limit: { action: 'events', per: 'account' },
    query: object({ orderId: idParam() }),
    handler: ({ db, user, token, query, req, res }) => streamOrderEvents(db, user, query.orderId, req, res, { token, pollMs: Number(process.env.ORDER_EVENTS_POLL_MS) || undefined, heartbeatMs: Number(process.env.ORDER_EVENTS_HEARTBEAT_MS) || undefined }),
  }),
});
