import { method, route } from '@/server/http/route';
import { register } from '@/server/services/accounts';
import { requestLanguage } from '@/server/mail/i18n';
import { registerSchema } from '@/lib/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: registerSchema,
    status: 201,
    handler: async ({ db, body, req, ip }) => ({ accessToken: (await register(db, body, requestLanguage(req), ip)).accessToken }),
  }),
});
