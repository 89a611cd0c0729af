import { method, route } from '@/server/http/route';
import { setRefreshCookie } from '@/server/http/refreshCookie';
import { register } from '@/server/accounts/accounts';
import { requestLanguage } from '@/server/mail/i18n';
import { registerSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: registerSchema,
    status: 201,
    handler: async ({ db, body, req, res, ip }) => {
      const { answer, session } = await register(db, body, requestLanguage(req), ip, req.headers['user-agent']);
      setRefreshCookie(res, session.refreshToken, session.refreshMaxAge);
      return { accessToken: answer.accessToken, expiresIn: answer.expiresIn };
    },
  }),
});
