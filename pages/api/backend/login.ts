import { method, route } from '@/server/http/route';
import { HttpError } from '@/server/http/errors';
import { setRefreshCookie } from '@/server/http/refreshCookie';
import { appendDeviceCookie, readDeviceCookie } from '@/server/http/deviceCookie';
import { login } from '@/server/services/accounts';
import { recordSignIn } from '@/server/services/audit';
import { loginSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: loginSchema,
    handler: async ({ db, body, ip, req, res }) => {
      try {
        const { answer, session, newDeviceToken } = await login(db, body, ip, req.headers['user-agent'], readDeviceCookie(req));
        await recordSignIn(db, body.username, ip, 'sign_in');
        setRefreshCookie(res, session.refreshToken, session.refreshMaxAge);
        if (newDeviceToken) appendDeviceCookie(res, newDeviceToken);
        return answer;
      } catch (e) {
        // Wrong passwords and lock-outs go into the audit trail of the address typed.
        if (e instanceof HttpError && (e.status === 401 || e.status === 429)) await recordSignIn(db, body.username, ip, e.status === 429 ? 'locked_out' : 'sign_in_failed');
        throw e;
      }
    },
  }),
});
