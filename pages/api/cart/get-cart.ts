import { method, route } from '@/server/http/route';
import { getCart } from '@/server/cart/cart';
import { cartQuerySchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

/** The caller's cart; a visitor gets the empty cart. */
export default route({
  GET: method({
    auth: 'optional',
    query: cartQuerySchema,
    handler: ({ db, user, query }) => getCart(db, user?.id ?? null, query.laboratoryId),
  }),
});
