import { method, route } from '@/server/http/route';
import { rejectionReportQuerySchema } from '@/shared/validation/rejections';
import { rejectionReport } from '@/server/orders/rejections';

export const config = { api: { bodyParser: false } };

/** The laboratory's rejected samples by reason per week, and the second rejections it follows up. */
export default route({
  GET: method({
    auth: 'staff',
    query: rejectionReportQuerySchema,
    handler: ({ db, user, query }) => rejectionReport(db, user, query.weeks ?? 8),
  }),
});
