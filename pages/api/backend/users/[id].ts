import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { updateCurrentUser } from '@/server/accounts/accounts';
import { userUpdateSchema } from '@/shared/validation/account';
import { idSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/** Updates the caller's own account; another user's id is 404. */
export default route({
  PUT: method({
    auth: 'user',
    query: object({ id: idSchema.required(M.required) }),
    body: userUpdateSchema,
    handler: ({ db, user, query, body }) => updateCurrentUser(db, user.id, query.id, body),
  }),
});
