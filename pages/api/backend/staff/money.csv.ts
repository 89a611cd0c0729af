import { method, route } from '@/server/http/route';
import { sendBytes } from '@/server/http/sendBytes';
import { staffOrdersQuerySchema } from '@/shared/validation/results';
import { moneyDayCsv } from '@/server/staff/money';

export const config = { api: { bodyParser: false } };

/** The day's payments and settled refunds as CSV, with the totals per payment method (laboratory staff, not nurses). */
export default route({
  GET: method({
    auth: 'staff',
    query: staffOrdersQuerySchema,
    handler: async ({ db, user, query, res }) => {
      const file = await moneyDayCsv(db, user, query.date);
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      sendBytes(res, 200, file.body, 'text/csv; charset=utf-8');
    },
  }),
});
