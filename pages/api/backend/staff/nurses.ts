import { method, route } from '@/server/http/route';
import { listLabNurses } from '@/server/visits/nurseVisits';

export const config = { api: { bodyParser: false } };

/** The nurses of the caller's laboratory. */
export default route({
  GET: method({
    auth: 'staff',
    handler: ({ db, user }) => listLabNurses(db, user),
  }),
});
