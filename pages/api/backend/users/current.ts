import { method, route } from '@/server/http/route';
import { object, string } from 'yup';
import { getCurrentUser } from '@/server/accounts/accounts';
import { eraseAccount } from '@/server/privacy/accountErasure';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({ auth: 'user', handler: ({ db, user }) => getCurrentUser(db, user.id) }),
  /** Erases the account (with its password): signed out everywhere, personal data gone, what the law keeps anonymised. */
  DELETE: method({
    auth: 'user',
    body: object({ password: string().required('Enter your password').max(1024) }),
    handler: async ({ db, user, body, ip }) => {
      await eraseAccount(db, user.id, body.password, ip);
      return { status: 'deleted' };
    },
  }),
});
