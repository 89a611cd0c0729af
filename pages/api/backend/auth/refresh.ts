import { method, route } from '@/server/http/route';
import { HttpError } from '@/server/http/errors';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '@/server/http/refreshCookie';
import { refreshSession } from '@/server/accounts/sessions';

export const config = { api: { bodyParser: false } };

/** Renews the bearer token with the refresh cookie (which is rotated); 401 when the session has ended or the cookie was used before. */
export default route({
  POST: method({
    handler: async ({ db, req, res, ip }) => {
      try {
        const s = await refreshSession(db, readRefreshCookie(req), ip);
        setRefreshCookie(res, s.refreshToken, s.refreshMaxAge);
        return { access_token: s.accessToken, expires_in: s.expiresIn };
      } catch (e) {
        if (e instanceof HttpError && e.status === 401) clearRefreshCookie(res);
        throw e;
      }
    },
  }),
});
