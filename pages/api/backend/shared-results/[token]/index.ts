import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { openShare } from '@/server/results/shares';

export const config = { api: { bodyParser: false } };

/** A shared link's results without signing in; each call is recorded as an opening. 410 when expired or revoked. */
export default route({
  GET: method({
    query: object({ token: string().required() }),
    handler: ({ db, query, ip }) => openShare(db, query.token, ip),
  }),
});
