import { method, route } from '@/server/http/route';
import { reportBarrier } from '@/server/support/barrierReports';
import { barrierReportSchema } from '@/shared/validation/accessibility';

export const config = { api: { bodyParser: false } };

/** A barrier reported on the accessibility statement: a ticket of the laboratory, due in 30 days. */
export default route({
  POST: method({ body: barrierReportSchema, status: 201, handler: ({ db, body, ip }) => reportBarrier(db, body, { ip }) }),
});
