import { method, route } from '@/server/http/route';
import { listTestResults } from '@/server/results/results';

export const config = { api: { bodyParser: false } };

/** The caller's result sets (orders that have results), newest first. */
export default route({
  GET: method({ auth: 'user', handler: ({ db, user }) => listTestResults(db, user.id) }),
});
