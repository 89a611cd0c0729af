import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getVisit } from '@/server/services/nurseVisits';
import { actorOf, recordAudit } from '@/server/services/audit';

export const config = { api: { bodyParser: false } };

/** One home visit (a nurse: only one assigned to them; 404 otherwise). */
export default route({
  GET: method({
    auth: 'staffOrNurse' as const,
    query: object({ orderId: idParam() }),
    handler: async ({ db, user, query, ip }) => {
      const visit = await getVisit(db, user, query.orderId);
      await recordAudit(db, { action: 'health_read', ...actorOf(user), orderId: query.orderId, ip, detail: 'visit' });
      return visit;
    },
  }),
});
