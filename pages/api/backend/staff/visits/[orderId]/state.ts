import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { visitStateSchema } from '@/shared/validation/visit';
import { setVisitState } from '@/server/services/visitStateActions';
import { actorOf, recordAudit } from '@/server/services/audit';
import type { VisitState } from '@/server/db/schema';

export const config = { api: { bodyParser: false } };

/** Moves the home visit's own state (the nurse: their own visits; staff: corrections with a reason). Audited. */
export default route({
  POST: method({
    auth: 'staffOrNurse' as const,
    query: object({ orderId: idParam() }),
    body: visitStateSchema,
    handler: async ({ db, user, query, body, ip }) => {
      const visit = await setVisitState(db, user, query.orderId, { ...body, state: body.state as VisitState });
      await recordAudit(db, { action: 'health_write', ...actorOf(user), orderId: query.orderId, ip, detail: `visit ${body.state}` });
      return visit;
    },
  }),
});
