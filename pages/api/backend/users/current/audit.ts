import { method, route } from '@/server/http/route';
import { listAccessToMyData } from '@/server/services/audit';

export const config = { api: { bodyParser: false } };

/** Who (laboratory staff or a share link) opened or changed the caller's health data, newest first. */
export default route({
  GET: method({ auth: 'user' as const, handler: ({ db, user }) => listAccessToMyData(db, user.id) }),
});
