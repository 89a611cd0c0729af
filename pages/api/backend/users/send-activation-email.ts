import { method, route } from '@/server/http/route';
import { sendActivationEmail } from '@/server/accounts/accounts';
import { requestLanguage } from '@/server/mail/i18n';
import { sendActivationSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    auth: 'user',
    body: sendActivationSchema,
    handler: ({ db, user, body, req, ip }) => sendActivationEmail(db, user.id, body.returnTo, requestLanguage(req), ip),
  }),
});
