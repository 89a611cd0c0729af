import { method, route } from '@/server/http/route';
import { changePassword, requestPasswordReset } from '@/server/services/accounts';
import { passwordResetRequestSchema, passwordUpdateSchema } from '@/lib/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  /** Reset request: always 200, a known address gets a link by mail. */
  POST: method({
    body: passwordResetRequestSchema,
    handler: ({ db, body }) => requestPasswordReset(db, body.email),
  }),
  /** New password with `{oldPassword}` (signed in) or `{token}` from the reset mail. */
  PUT: method({
    auth: 'optional',
    body: passwordUpdateSchema,
    handler: ({ db, body, user, token }) => changePassword(db, body, user && token ? { userId: user.id, token } : null),
  }),
});
