import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam, resultEntriesSchema } from '@/lib/validation/results';
import { enterLabResults } from '@/server/services/staff';

export const config = { api: { bodyParser: false } };

/** Enters or corrects results per patient and analysis; the order then moves to partial results or completed. */
export default route({
  PUT: method({
    auth: 'staff' as const,
    query: object({ orderId: idParam() }),
    body: resultEntriesSchema,
    handler: ({ db, user, query, body }) => enterLabResults(db, user, Number(query.orderId), body.entries),
  }),
});
