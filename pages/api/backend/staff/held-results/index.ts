import { method, route } from '@/server/http/route';
import { listHeldResults } from '@/server/results/sensitiveResults';

export const config = { api: { bodyParser: false } };

/** The laboratory's sensitive results held for its doctor to release (docs/notifications.md). */
export default route({
  GET: method({
    auth: 'staff',
    handler: ({ db, user }) => listHeldResults(db, user),
  }),
});
