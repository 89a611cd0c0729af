import { method, route } from '@/server/http/route';
import { changePassword, requestPasswordReset } from '@/server/accounts/accounts';
import { requestLanguage } from '@/server/mail/i18n';
import { passwordResetRequestSchema, passwordUpdateSchema } from '@/shared/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  /** Reset request: always 200, a known address gets a link by mail. */
  POST: method({
    body: passwordResetRequestSchema,
    handler: ({ db, body, req, ip }) => requestPasswordReset(db, body.email, requestLanguage(req), ip),
  }),
  /** New password with `{oldPassword}` (signed in) or `{token}` from the reset mail. */
  PUT: method({
    auth: 'optional',
    body: passwordUpdateSchema,
    handler: ({ db, body, user, token, ip, req }) => changePassword(db, body, user && token ? { userId: user.id, token } : null, { ip, language: requestLanguage(req), actor: user }),
  }),
});
