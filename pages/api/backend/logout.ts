import { method, route } from '@/server/http/route';
import { unauthorized } from '@/server/http/errors';
import { clearRefreshCookie } from '@/server/http/refreshCookie';
import { signOut } from '@/server/accounts/sessions';

export const config = { api: { bodyParser: false } };

/**
 * Ends the session of the bearer token (its refresh token with it) and clears the refresh cookie; 204.
 * A token past its 15 minutes still names its session, so signing out after a pause ends it too; an
 * unknown or already revoked token is 401.
 */
export default route({
  POST: method({
    handler: async ({ db, token, res }) => {
      if (!token) throw unauthorized();
      await signOut(db, token);
      clearRefreshCookie(res);
    },
  }),
});
