import { method, route } from '@/server/http/route';
import { clearRefreshCookie } from '@/server/http/refreshCookie';
import { endAllSessions, listSessions } from '@/server/accounts/sessions';

export const config = { api: { bodyParser: false } };

export default route({
  /** The caller's open sign-in sessions, the most recently used first; `current` marks this one. */
  GET: method({ auth: 'user', handler: ({ db, user }) => listSessions(db, user) }),
  /** Signs out everywhere, this session included. */
  DELETE: method({
    auth: 'user',
    handler: async ({ db, user, ip, res }) => {
      const answer = await endAllSessions(db, user, ip);
      clearRefreshCookie(res);
      return answer;
    },
  }),
});
