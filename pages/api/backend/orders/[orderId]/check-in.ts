import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { checkInSchema } from '@/shared/validation/checkIn';
import { checkIn, getCheckIn } from '@/server/orders/checkIn';

export const config = { api: { bodyParser: false } };

/** The morning check-in of the order's visit: its questions (GET), and the owner's answers (POST). */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query }) => getCheckIn(db, user.id, query.orderId),
  }),
  POST: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    body: checkInSchema,
    handler: ({ db, user, query, body }) => checkIn(db, user.id, query.orderId, body),
  }),
});
