import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { statusChangeSchema } from '@/shared/validation/results';
import { setLabOrderStatus } from '@/server/staff/staff';

export const config = { api: { bodyParser: false } };

/** Moves the order to the next status (409 when the lifecycle does not allow it). */
export default route({
  POST: method({
    auth: 'staffOrNurse',
    query: object({ orderId: idParam() }),
    body: statusChangeSchema,
    handler: ({ db, user, query, body, ip }) => setLabOrderStatus(db, user, query.orderId, body.status, body.note ?? '', { actor: user, ip }),
  }),
});
