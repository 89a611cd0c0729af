import { method, route } from '@/server/http/route';
import { resetCart } from '@/server/cart/cart';
import { cartQuerySchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

/** Empties the cart (spec §7: GET cart/reset-cart). */
export default route({
  GET: method({
    auth: 'user',
    query: cartQuerySchema,
    handler: ({ db, user, query }) => resetCart(db, user.id, query.laboratoryId),
  }),
});
