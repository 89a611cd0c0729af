import { method, route } from '@/server/http/route';
import { staffVisitsQuerySchema } from '@/shared/validation/results';
import { listVisits } from '@/server/visits/nurseVisits';

export const config = { api: { bodyParser: false } };

/** The day's home visits the caller may see (a nurse: their own), in time order; the read is audited (names and addresses). */
export default route({
  GET: method({
    auth: 'staffOrNurse',
    query: staffVisitsQuerySchema,
    handler: ({ db, user, query, ip }) => listVisits(db, user, query.day, { actor: user, ip }),
  }),
});
