import { method, route } from '@/server/http/route';
import { staffVisitsQuerySchema } from '@/lib/validation/results';
import { listVisits } from '@/server/services/nurseVisits';

export const config = { api: { bodyParser: false } };

/** The day's home visits the caller may see (a nurse: their own), in time order. */
export default route({
  GET: method({
    auth: 'staffOrNurse' as const,
    query: staffVisitsQuerySchema,
    handler: ({ db, user, query }) => listVisits(db, user, query.day),
  }),
});
