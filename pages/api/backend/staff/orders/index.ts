import { method, route } from '@/server/http/route';
import { staffOrdersQuerySchema } from '@/shared/validation/results';
import { listLabOrders } from '@/server/staff/staff';

export const config = { api: { bodyParser: false } };

/** Orders of the staff member's laboratory whose visit is on `date` (YYYY-MM-DD). */
export default route({
  GET: method({
    auth: 'staff',
    query: staffOrdersQuerySchema,
    handler: ({ db, user, query }) => listLabOrders(db, user, query.date),
  }),
});
