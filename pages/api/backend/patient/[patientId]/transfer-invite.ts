import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { inviteTransfer } from '@/server/accounts/recordTransfer';
import { requestLanguage } from '@/server/mail/i18n';
import { idSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/**
 * Invites the now-adult person of one of the caller's records (18 or older, with an e-mail other
 * than the caller's) to take the record, history included, to their own account: a single-use link
 * valid 14 days by mail (202). Accepted or declined at `POST patient-invites/accept|refuse`.
 */
export default route({
  POST: method({
    auth: 'user',
    query: object({ patientId: idSchema.required(M.required) }),
    status: 202,
    handler: ({ db, user, query, req }) => inviteTransfer(db, user, query.patientId, requestLanguage(req)),
  }),
});
