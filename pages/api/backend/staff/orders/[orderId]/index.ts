import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getLabOrder } from '@/server/staff/staff';

export const config = { api: { bodyParser: false } };

/** One order of the staff member's laboratory (404 for other laboratories; a nurse: only a visit assigned to them). */
export default route({
  GET: method({
    auth: 'staffOrNurse',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query, ip }) => getLabOrder(db, user, query.orderId, { actor: user, ip }),
  }),
});
