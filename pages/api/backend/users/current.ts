import { method, route } from '@/server/http/route';
import { getCurrentUser } from '@/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({ auth: 'user' as const, handler: ({ db, user }) => getCurrentUser(db, user.id) }),
});
