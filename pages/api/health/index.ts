import { sql } from 'kysely';
import { method, route } from '@/server/http/route';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    handler: async ({ db }) => {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    },
  }),
});
