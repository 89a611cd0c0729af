import { method, route } from '@/server/http/route';
import { createOrder, parseIdempotencyKey } from '@/server/orders/orders';
import { requestLanguage } from '@/server/mail/i18n';
import { createOrderSchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

/**
 * Submits the cart as an order with a booked nurse visit. An optional `Idempotency-Key` header makes
 * retries return the same order.
 */
export default route({
  POST: method({
    auth: 'user',
    body: createOrderSchema,
    handler: ({ db, user, body, req, ip }) => createOrder(db, user.id, body, parseIdempotencyKey(req.headers['idempotency-key']), requestLanguage(req), ip),
  }),
});
