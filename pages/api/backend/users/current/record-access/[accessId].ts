import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { withdrawRecordAccess } from '@/server/accounts/household';
import { idSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/** Withdraws the consent at once (204): the account no longer reads the caller's results. */
export default route({
  DELETE: method({
    auth: 'user',
    query: object({ accessId: idSchema.required(M.required) }),
    handler: ({ db, user, query }) => withdrawRecordAccess(db, user.id, query.accessId),
  }),
});
