import { method, route } from '@/server/http/route';
import { quotePromo } from '@/server/orders/orders';
import { promoQuoteSchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

/** What a promo code takes off the caller's cart in a laboratory, before the order is submitted (refused codes are limited: RATE_LIMIT_PROMO_*). */
export default route({
  POST: method({
    auth: 'user',
    body: promoQuoteSchema,
    handler: ({ db, user, body, ip }) => quotePromo(db, user.id, body.laboratoryId, body.promoCode, ip),
  }),
});
