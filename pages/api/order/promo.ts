import { method, route } from '@/server/http/route';
import { quotePromo } from '@/server/services/orders';
import { promoQuoteSchema } from '@/lib/validation/order';

export const config = { api: { bodyParser: false } };

/** What a promo code takes off the caller's cart in a laboratory, before the order is submitted. */
export default route({
  POST: method({
    auth: 'user' as const,
    body: promoQuoteSchema,
    handler: ({ db, user, body }) => quotePromo(db, user.id, body.laboratoryId, body.promoCode),
  }),
});
