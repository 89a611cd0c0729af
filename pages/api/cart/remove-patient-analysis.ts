import { method, route } from '@/server/http/route';
import { removePatientAnalysis } from '@/server/cart/cart';
import { cartQuerySchema, removePatientAnalysisSchema } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    auth: 'user',
    query: cartQuerySchema,
    body: removePatientAnalysisSchema,
    handler: ({ db, user, body, query }) => removePatientAnalysis(db, user.id, body.patientId, body.analysisId, query.laboratoryId),
  }),
});
