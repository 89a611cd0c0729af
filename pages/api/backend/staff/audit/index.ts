import { method, route } from '@/server/http/route';
import { listLabAudit } from '@/server/audit/audit';
import { auditQuerySchema } from '@/shared/validation/audit';

export const config = { api: { bodyParser: false } };

/** The audit trail of the staff member's laboratory, newest first, paged (`limit`, `before`) and filtered (`action`, `actorKind`). */
export default route({
  GET: method({ auth: 'staff', query: auditQuerySchema, handler: ({ db, user, query }) => listLabAudit(db, user, query) }),
});
