import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { endSession } from '@/server/accounts/sessions';
import { idSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/** Ends one of the caller's sessions (its tokens stop working at once); another user's session is 404. */
export default route({
  DELETE: method({
    auth: 'user',
    query: object({ sessionId: idSchema.required(M.required) }),
    handler: ({ db, user, query, ip }) => endSession(db, user, query.sessionId, ip),
  }),
});
