import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { cacheable } from '@/server/http/cache';
import { listProfiles } from '@/server/catalogue/catalogue';
import { laboratoryIdSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    query: object({ laboratoryId: laboratoryIdSchema.required(M.required) }),
    handler: ({ db, res, query }) => cacheable(res, listProfiles(db, query.laboratoryId)),
  }),
});
