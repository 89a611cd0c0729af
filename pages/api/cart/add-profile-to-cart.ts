import { method, route } from '@/server/http/route';
import { addToCart } from '@/server/cart/cart';
import { addProfileToCartSchema, cartQuerySchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    auth: 'user',
    query: cartQuerySchema,
    body: addProfileToCartSchema,
    handler: ({ db, user, body, query }) =>
      addToCart(
        db,
        user.id,
        {
          addable: { kind: 'profile', profileId: body.profileId },
          patientIds: body.patientIds,
          updateToIsBoughtOptionalMaterialMap: body.updateToIsBoughtOptionalMaterialMap,
        },
        query.laboratoryId,
      ),
  }),
});
