import { method, route } from '@/server/http/route';
import { sendSupportMessage } from '@/server/support/support';
import { requestLanguage } from '@/server/mail/i18n';
import { supportContactSchema } from '@/shared/validation/support';

export const config = { api: { bodyParser: false } };

/** The support contact form: validated, rate limited, mailed to the laboratory. */
export default route({
  POST: method({
    auth: 'optional',
    body: supportContactSchema,
    handler: ({ db, body, ip, user, req }) => sendSupportMessage(db, body, { ip, userId: user?.id ?? null, language: requestLanguage(req) }),
  }),
});
