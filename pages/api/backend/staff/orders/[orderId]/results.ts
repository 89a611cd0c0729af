import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { resultEntriesSchema } from '@/shared/validation/results';
import { enterLabResults } from '@/server/staff/staff';

export const config = { api: { bodyParser: false } };

/** Enters or corrects results per patient and analysis; the order then moves to partial results or completed. */
export default route({
  PUT: method({
    auth: 'staff',
    query: object({ orderId: idParam() }),
    body: resultEntriesSchema,
    handler: ({ db, user, query, body, ip }) => enterLabResults(db, user, query.orderId, body.entries, { actor: user, ip }),
  }),
});
