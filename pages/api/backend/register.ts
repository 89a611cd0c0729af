import { method, route } from '@/server/http/route';
import { register } from '@/server/services/accounts';
import { registerSchema } from '@/lib/validation/account';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({
    body: registerSchema,
    status: 201,
    handler: async ({ db, body }) => ({ accessToken: (await register(db, body)).accessToken }),
  }),
});
