import { method, route } from '@/server/http/route';
import { releaseHeldResult } from '@/server/results/sensitiveResults';
import { releaseHeldResultSchema, resultIdParamSchema } from '@/shared/validation/sensitiveResults';

export const config = { api: { bodyParser: false } };

/** The laboratory's doctor shows a held result to the patient with a note; another laboratory's result is 404. */
export default route({
  POST: method({
    auth: 'staff',
    query: resultIdParamSchema,
    body: releaseHeldResultSchema,
    handler: ({ db, user, query, body }) => releaseHeldResult(db, user, query.resultId, body.note),
  }),
});
