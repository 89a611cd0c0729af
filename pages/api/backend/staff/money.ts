import { method, route } from '@/server/http/route';
import { staffOrdersQuerySchema } from '@/shared/validation/results';
import { moneyDay } from '@/server/staff/money';

export const config = { api: { bodyParser: false } };

/** The laboratory's money of `date` (YYYY-MM-DD) per payment method, and the anomalies to look at (laboratory staff, not nurses). */
export default route({
  GET: method({
    auth: 'staff',
    query: staffOrdersQuerySchema,
    handler: ({ db, user, query }) => moneyDay(db, user, query.date),
  }),
});
