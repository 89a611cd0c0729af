import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { nurseAssignSchema } from '@/shared/validation/results';
import { assignNurse } from '@/server/staff/staff';

export const config = { api: { bodyParser: false } };

/** Assigns the visit to a nurse of the order's laboratory (null unassigns). */
export default route({
  PUT: method({
    auth: 'staff',
    query: object({ orderId: idParam() }),
    body: nurseAssignSchema,
    handler: ({ db, user, query, body }) => assignNurse(db, user, query.orderId, body.nurseUserId ?? null),
  }),
});
