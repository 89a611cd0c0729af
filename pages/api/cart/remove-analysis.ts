import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { removeAnalysis } from '@/server/cart/cart';
import { cartQuerySchema, queryId } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

const query = cartQuerySchema.concat(object({ analysisId: queryId().required('analysisId is required') }));

/** Removes an analysis for every patient of the cart. */
export default route({
  POST: method({
    auth: 'user',
    query,
    handler: ({ db, user, query: q }) => removeAnalysis(db, user.id, Number(q.analysisId), q.laboratoryId),
  }),
});
