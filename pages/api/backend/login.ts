import { method, route } from '@/server/http/route';
import { login } from '@/server/services/accounts';
import { loginSchema } from '@/lib/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: loginSchema,
    handler: ({ db, body, ip }) => login(db, body, ip),
  }),
});
