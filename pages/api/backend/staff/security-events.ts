import { method, route } from '@/server/http/route';
import { listLabSecurityEvents } from '@/server/audit/audit';
import { securityEventsQuerySchema } from '@/shared/validation/audit';

export const config = { api: { bodyParser: false } };

/** Refused sign-ins and lock-outs of the laboratory's staff and nurses, one row per 15-minute window with a count, newest first, paged (`limit`, `before`) and filtered by outcome (`action`). */
export default route({
  GET: method({ auth: 'staff', query: securityEventsQuerySchema, handler: ({ db, user, query }) => listLabSecurityEvents(db, user, query) }),
});
