import { method, route } from '@/server/http/route';
import { login } from '@/server/services/accounts';
import { RateLimitError } from '@/server/rateLimit';
import { loginSchema } from '@/lib/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: loginSchema,
    handler: async ({ db, body, ip, res }) => {
      try {
        return await login(db, body, ip);
      } catch (e) {
        if (e instanceof RateLimitError) res.setHeader('Retry-After', String(e.retryAfterSeconds));
        throw e;
      }
    },
  }),
});
