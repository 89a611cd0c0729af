import { method, route } from '@/server/http/route';
import { listBarrierReports } from '@/server/services/barrierReports';

export const config = { api: { bodyParser: false } };

/** Barriers reported to the staff member's laboratory, open ones first, soonest due first. */
export default route({
  GET: method({ auth: 'staff' as const, handler: ({ db, user }) => listBarrierReports(db, user) }),
});
