import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { removePatient } from '@/server/cart/cart';
import { cartQuerySchema, queryId } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

const query = cartQuerySchema.concat(object({ patientId: queryId().required('patientId is required') }));

export default route({
  POST: method({
    auth: 'user',
    query,
    handler: ({ db, user, query: q }) => removePatient(db, user.id, Number(q.patientId), q.laboratoryId),
  }),
});
