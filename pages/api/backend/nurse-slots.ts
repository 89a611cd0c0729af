import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { listNurseSlots } from '@/server/visits/slots';
import { laboratoryIdSchema, text } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/** Availability changes with every booking, so this answer is never cached (route default). */
export default route({
  GET: method({
    query: object({ laboratoryId: laboratoryIdSchema.required(M.required), from: text(40).optional(), to: text(40).optional() }),
    handler: ({ db, query }) => listNurseSlots(db, query.laboratoryId, query.from || undefined, query.to || undefined),
  }),
});
