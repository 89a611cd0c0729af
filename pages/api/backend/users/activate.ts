import { method, route } from '@/server/http/route';
import { activate } from '@/server/accounts/accounts';
import { activateSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

/** Confirms the e-mail address with the token from the mail (no sign-in needed: the link may be opened elsewhere). */
export default route({
  POST: method({
    body: activateSchema,
    handler: ({ db, body }) => activate(db, body.token),
  }),
});
