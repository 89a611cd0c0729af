import { object } from 'yup';
import { idParam } from '@/shared/validation/common';
import { method, route } from '@/server/http/route';
import { closeBarrierReport } from '@/server/support/barrierReports';

export const config = { api: { bodyParser: false } };

/** The laboratory's barrier report is answered and closed; audited. */
export default route({
  POST: method({ auth: 'staff', query: object({ reportId: idParam() }), handler: ({ db, user, query, ip }) => closeBarrierReport(db, user, query.reportId, ip) }),
});
