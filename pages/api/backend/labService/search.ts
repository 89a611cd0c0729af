import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { catalogueCache } from '@/server/http/cache';
import { sendBytes } from '@/server/http/sendBytes';
import { searchAnalysesJson } from '@/server/catalogue/catalogue';
import { laboratoryIdSchema, searchTermSchema } from '@/shared/validation/common';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    query: object({ searchNameTerm: searchTermSchema, laboratoryId: laboratoryIdSchema.optional() }),
    handler: async ({ db, res, query }) => {
      // The same bytes for every caller within the catalogue's minute (kept per laboratory and term).
      const body = await searchAnalysesJson(db, query.searchNameTerm, query.laboratoryId || undefined);
      catalogueCache(res);
      sendBytes(res, 200, body, 'application/json; charset=utf-8');
    },
  }),
});
