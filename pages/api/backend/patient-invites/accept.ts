import { method, route } from '@/server/http/route';
import { answerInvite } from '@/server/accounts/household';
import { inviteAnswerSchema } from '@/shared/validation/household';

export const config = { api: { bodyParser: false } };

/**
 * Accepts an invite to let a family member's account read one's results. The signed-in account's
 * e-mail must be the invited address (else 403 `invite_other_address`); a used or expired link is
 * 410, a record another account has claimed 409.
 */
export default route({
  POST: method({
    auth: 'user',
    body: inviteAnswerSchema,
    handler: ({ db, user, body }) => answerInvite(db, user, body.token, 'accept'),
  }),
});
