import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { statusChangeSchema } from '@/shared/validation/results';
import { setLabOrderStatus } from '@/server/services/staff';
import { actorOf, recordAudit } from '@/server/services/audit';

export const config = { api: { bodyParser: false } };

/** Moves the order to the next status (409 when the lifecycle does not allow it). */
export default route({
  POST: method({
    auth: 'staffOrNurse' as const,
    query: object({ orderId: idParam() }),
    body: statusChangeSchema,
    handler: async ({ db, user, query, body, ip }) => {
      const order = await setLabOrderStatus(db, user, query.orderId, body.status, body.note ?? '');
      await recordAudit(db, { action: 'health_write', ...actorOf(user), orderId: order.id, ip, detail: `status ${body.status}` });
      return order;
    },
  }),
});
