import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { notAtHomeSchema } from '@/shared/validation/results';
import { markNotAtHome } from '@/server/visits/nurseVisits';

export const config = { api: { bodyParser: false } };

/** Marks the visit "not at home" with the nurse's note; the order keeps its status. Audited. */
export default route({
  POST: method({
    auth: 'staffOrNurse',
    query: object({ orderId: idParam() }),
    body: notAtHomeSchema,
    handler: ({ db, user, query, body, ip }) => markNotAtHome(db, user, query.orderId, body.note, { actor: user, ip }),
  }),
});
