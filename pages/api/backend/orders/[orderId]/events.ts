import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { lastEventIdOf, streamOrderEvents } from '@/server/orders/orderEvents';

export const config = { api: { bodyParser: false, responseLimit: false } };

/**
 * Server-Sent Events of one order of the caller: an `order` event with its state on each change, each
 * with an id; a reconnect with `Last-Event-ID` (or `?lastEventId=`) is sent every event after it.
 */
export default route({
  GET: method({
    auth: 'user',
    limit: { action: 'events', per: 'account' },
    query: object({ orderId: idParam(), lastEventId: string().matches(/^\d{1,15}$/, 'lastEventId must be a whole number').optional() }),
    handler: ({ db, user, token, query, req, res }) => streamOrderEvents(db, user, query.orderId, req, res, { token, lastEventId: lastEventIdOf(req, query.lastEventId), pollMs: Number(process.env.ORDER_EVENTS_POLL_MS) || undefined, heartbeatMs: Number(process.env.ORDER_EVENTS_HEARTBEAT_MS) || undefined }),
  }),
});
