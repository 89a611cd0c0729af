import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { cacheable } from '@/server/http/cache';
import { getAnalysis } from '@/server/catalogue/catalogue';
import { idSchema, laboratoryIdSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    query: object({ analysisId: idSchema.required(M.required), laboratoryId: laboratoryIdSchema.optional() }),
    handler: ({ db, res, query }) => cacheable(res, getAnalysis(db, query.analysisId, query.laboratoryId || undefined)),
  }),
});
