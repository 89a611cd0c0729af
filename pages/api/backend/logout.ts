import { method, route } from '@/server/http/route';
import { logout } from '@/server/services/accounts';

export const config = { api: { bodyParser: false } };

/** Revokes the bearer token of the request; 204. */
export default route({
  POST: method({
    auth: 'user' as const,
    handler: async ({ db, token }) => {
      if (token) await logout(db, token);
    },
  }),
});
