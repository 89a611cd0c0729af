import { method, route } from '@/server/http/route';
import { listAccessToMyData } from '@/server/accounts/accessLog';
import { auditQuerySchema } from '@/shared/validation/audit';

export const config = { api: { bodyParser: false } };

/** Who (laboratory staff or a share link) opened or changed the caller's health data, newest first, paged and filtered. */
export default route({
  GET: method({ auth: 'user', query: auditQuerySchema, handler: ({ db, user, query }) => listAccessToMyData(db, user.id, query) }),
});
