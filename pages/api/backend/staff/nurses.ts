import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { listLabNurses } from '@/server/visits/nurseVisits';
import { nurseCandidates } from '@/server/visits/nurseFit';
import { idSchema } from '@/shared/validation/common';

export const config = { api: { bodyParser: false } };

/** The nurses of the caller's laboratory; with `orderId`, those fitting the visit's patients first, each with why. */
export default route({
  GET: method({
    auth: 'staff',
    query: object({ orderId: idSchema.optional() }),
    handler: ({ db, user, query }) => (query.orderId ? nurseCandidates(db, user, query.orderId) : listLabNurses(db, user)),
  }),
});
