import { method, route } from '@/server/http/route';
import { resultsImportSchema } from '@/lib/validation/results';
import { importResults } from '@/server/services/staff';

export const config = { api: { bodyParser: false } };

/** Results posted by a laboratory system (JSON, idempotent upsert; see docs/openapi.yaml). */
export default route({
  POST: method({
    auth: 'staff' as const,
    body: resultsImportSchema,
    handler: ({ db, user, body }) => importResults(db, user, body),
  }),
});
