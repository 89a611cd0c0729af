import { method, route } from '@/server/http/route';
import { listBarrierReports } from '@/server/support/barrierReports';
import { barrierListSchema } from '@/shared/validation/accessibility';

export const config = { api: { bodyParser: false } };

/** Barriers reported to the staff member's laboratory, open ones first, soonest due first; filtered (`status`) and paged (`limit`, `offset`). */
export default route({
  GET: method({ auth: 'staff', query: barrierListSchema, handler: ({ db, user, query }) => listBarrierReports(db, user, query) }),
});
