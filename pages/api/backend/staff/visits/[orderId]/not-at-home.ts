import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam, notAtHomeSchema } from '@/lib/validation/results';
import { markNotAtHome } from '@/server/services/nurseVisits';

export const config = { api: { bodyParser: false } };

/** Marks the visit "not at home" with the nurse's note; the order keeps its status. */
export default route({
  POST: method({
    auth: 'staffOrNurse' as const,
    query: object({ orderId: idParam() }),
    body: notAtHomeSchema,
    handler: ({ db, user, query, body }) => markNotAtHome(db, user, Number(query.orderId), body.note),
  }),
});
