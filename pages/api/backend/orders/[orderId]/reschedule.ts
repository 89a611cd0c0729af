import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { rescheduleSchema } from '@/shared/validation/results';
import { rescheduleOrder } from '@/server/orders/orderLifecycle';

export const config = { api: { bodyParser: false } };

/** The patient moves the visit to another free slot of the same laboratory (409 when full or too late). */
export default route({
  POST: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    body: rescheduleSchema,
    handler: ({ db, user, query, body }) => rescheduleOrder(db, user.id, query.orderId, body.slotId),
  }),
});
