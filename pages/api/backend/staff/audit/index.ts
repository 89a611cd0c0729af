import { method, route } from '@/server/http/route';
import { listLabAudit } from '@/server/services/audit';

export const config = { api: { bodyParser: false } };

/** The audit trail of the staff member's laboratory, newest first. */
export default route({
  GET: method({ auth: 'staff' as const, handler: ({ db, user }) => listLabAudit(db, user) }),
});
