import { method, route } from '@/server/http/route';
import { activate } from '@/server/accounts/accounts';
import { activateSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

/**
 * Confirms the e-mail address with the token from the mail's link (no sign-in needed: the link may be
 * opened elsewhere), or with the mail's 6-character code for the signed-in user or the given `email`.
 */
export default route({
  POST: method({
    auth: 'optional',
    body: activateSchema,
    handler: ({ db, body, user, ip }) => activate(db, body, user, ip),
  }),
});
