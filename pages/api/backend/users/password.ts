import { method, route } from '@/server/http/route';
import { changePassword, requestPasswordReset } from '@/server/services/accounts';
import { requestLanguage } from '@/server/mail/i18n';
import { actorOf, recordAudit } from '@/server/services/audit';
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
    handler: async ({ db, body, user, token, ip, req }) => {
      const answer = await changePassword(db, body, user && token ? { userId: user.id, token } : null, { ip, language: requestLanguage(req) });
      await recordAudit(db, user ? { action: 'password_changed', ...actorOf(user), subjectUserId: user.id, ip } : { action: 'password_changed', actorKind: 'anonymous', ip, detail: 'reset link' });
      return answer;
    },
  }),
});
