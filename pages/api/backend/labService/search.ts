import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { cacheable } from '@/server/http/cache';
import { searchAnalyses } from '@/server/services/catalogue';
import { laboratoryIdSchema, searchTermSchema } from '@/lib/validation/common';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    query: object({ searchNameTerm: searchTermSchema, laboratoryId: laboratoryIdSchema.optional() }),
    handler: ({ db, res, query }) => cacheable(res, searchAnalyses(db, query.searchNameTerm, query.laboratoryId || undefined)),
  }),
});
