import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getLabOrder } from '@/server/services/staff';
import { actorOf, recordAudit } from '@/server/services/audit';

export const config = { api: { bodyParser: false } };

/** One order of the staff member's laboratory (404 for other laboratories; a nurse: only a visit assigned to them). */
export default route({
  GET: method({
    auth: 'staffOrNurse' as const,
    query: object({ orderId: idParam() }),
    handler: async ({ db, user, query, ip }) => {
      const order = await getLabOrder(db, user, query.orderId);
      await recordAudit(db, { action: 'health_read', ...actorOf(user), orderId: order.id, ip, detail: 'order' });
      return order;
    },
  }),
});
