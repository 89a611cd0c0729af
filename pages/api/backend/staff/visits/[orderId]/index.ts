import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getVisit } from '@/server/visits/nurseVisits';

export const config = { api: { bodyParser: false } };

/** One home visit (a nurse: only one assigned to them; 404 otherwise). */
export default route({
  GET: method({
    auth: 'staffOrNurse',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query, ip }) => getVisit(db, user, query.orderId, { actor: user, ip }),
  }),
});
