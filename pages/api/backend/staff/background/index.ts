import { method, route } from '@/server/http/route';
import { listBackgroundWork } from '@/server/ops/backgroundWork';

export const config = { api: { bodyParser: false } };

/** The laboratory's unsent mail and unfinished jobs. */
export default route({
  GET: method({ auth: 'staff', handler: ({ db, user }) => listBackgroundWork(db, user) }),
});
