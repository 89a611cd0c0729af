import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { invitePatient } from '@/server/accounts/household';
import { requestLanguage } from '@/server/mail/i18n';
import { idSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/**
 * Invites the person of one of the caller's records (16 or older, with an e-mail other than the
 * caller's) to let the account read their results: a single-use link valid 14 days by mail (202).
 */
export default route({
  POST: method({
    auth: 'user',
    query: object({ patientId: idSchema.required(M.required) }),
    status: 202,
    handler: ({ db, user, query, req }) => invitePatient(db, user, query.patientId, requestLanguage(req)),
  }),
});
