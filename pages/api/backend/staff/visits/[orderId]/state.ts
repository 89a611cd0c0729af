import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { visitStateSchema } from '@/shared/validation/visit';
import { setVisitState } from '@/server/visits/visitStateActions';
import { withPreference } from '@/server/http/prefer';
import type { VisitState } from '@/server/db/schema';

export const config = { api: { bodyParser: false } };

/**
 * Moves the home visit's own state (the nurse: their own visits; staff: corrections with a reason). Audited.
 * Answers the visit's card, or with `Prefer: return=minimal` only what the move changed on it.
 */
export default route({
  POST: method({
    auth: 'staffOrNurse',
    query: object({ orderId: idParam() }),
    body: visitStateSchema,
    handler: ({ db, user, query, body, ip, req, res }) =>
      withPreference(req, res, (minimal) => setVisitState(db, user, query.orderId, { ...body, state: body.state as VisitState }, { actor: user, ip }, minimal ? 'state' : 'card')),
  }),
});
