import { method, route } from '@/server/http/route';
import { addToCart } from '@/server/cart/cart';
import { addToCartSchema, cartQuerySchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    auth: 'user',
    query: cartQuerySchema,
    body: addToCartSchema,
    handler: ({ db, user, body, query }) =>
      addToCart(
        db,
        user.id,
        {
          addable: { kind: 'analysis', analysisId: body.analysisId },
          patientIds: body.patientIds,
          updateToIsBoughtOptionalMaterialMap: body.updateToIsBoughtOptionalMaterialMap,
        },
        query.laboratoryId,
      ),
  }),
});
