import { method, route } from '@/server/http/route';
import { setRefreshCookie } from '@/server/http/refreshCookie';
import { appendDeviceCookie, readDeviceCookie } from '@/server/http/deviceCookie';
import { login } from '@/server/accounts/accounts';
import { loginSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: loginSchema,
    handler: async ({ db, body, ip, req, res }) => {
      const { answer, session, newDeviceToken } = await login(db, body, ip, req.headers['user-agent'], readDeviceCookie(req));
      setRefreshCookie(res, session.refreshToken, session.refreshMaxAge);
      if (newDeviceToken) appendDeviceCookie(res, newDeviceToken);
      return answer;
    },
  }),
});
