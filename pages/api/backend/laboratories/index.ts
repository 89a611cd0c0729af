import { method, route } from '@/server/http/route';
import { cacheable } from '@/server/http/cache';
import { listLaboratories } from '@/server/laboratories/laboratories';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    handler: ({ db, res }) => cacheable(res, listLaboratories(db)),
  }),
});
