import { method, route } from '@/server/http/route';
import { listRecordAccess } from '@/server/accounts/household';

export const config = { api: { bodyParser: false } };

/** The accounts that read the caller's results with their consent: `[{id, holderName, since}]`. */
export default route({
  GET: method({ auth: 'user', handler: ({ db, user }) => listRecordAccess(db, user.id) }),
});
