import { number, object } from 'yup';
import { method, route } from '@/server/http/route';
import { cacheable, catalogueCache } from '@/server/http/cache';
import { sendBytes } from '@/server/http/sendBytes';
import { listAnalysesJson, listAnalysesWindow } from '@/server/catalogue/catalogue';
import { idSchema, laboratoryIdSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/** Largest window one request can ask for; a larger `limit` is read as this. */
export const LAB_SERVICE_MAX_LIMIT = 1000;

export default route({
  GET: method({
    query: object({
      laboratoryId: laboratoryIdSchema.required(M.required),
      // Optional and additive (docs/openapi.yaml): without them the answer is the whole price list, as spec §7 has it.
      headerId: idSchema.optional(),
      limit: idSchema.optional(),
      offset: number().typeError(M.idInvalid).integer(M.idInvalid).min(0, M.idInvalid).max(2_147_483_647, M.idInvalid).optional(),
    }),
    handler: async ({ db, req, res, query }) => {
      const { laboratoryId, headerId, limit, offset } = query;
      if (headerId !== undefined || limit !== undefined || offset !== undefined) {
        return cacheable(res, listAnalysesWindow(db, laboratoryId, { headerId, limit: limit === undefined ? undefined : Math.min(limit, LAB_SERVICE_MAX_LIMIT), offset }));
      }
      // The whole list: the same bytes for every caller until the catalogue changes.
      const { body, etag } = await listAnalysesJson(db, laboratoryId);
      catalogueCache(res);
      res.setHeader('ETag', etag);
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      sendBytes(res, 200, body, 'application/json; charset=utf-8');
    },
  }),
});
