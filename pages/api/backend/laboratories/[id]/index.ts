import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { cacheable } from '@/server/http/cache';
import { getLaboratory } from '@/server/laboratories/laboratories';
import { laboratoryIdSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    query: object({ id: laboratoryIdSchema.required(M.required) }),
    handler: ({ db, res, query }) => cacheable(res, getLaboratory(db, query.id)),
  }),
});
