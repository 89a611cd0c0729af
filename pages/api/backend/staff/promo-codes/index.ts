import { method, route } from '@/server/http/route';
import { staffPromoSchema } from '@/shared/validation/results';
import { createStaffPromo, listStaffPromos } from '@/server/staff/staffPromo';

export const config = { api: { bodyParser: false } };

/** Promo codes of the staff member's laboratory: the list with their use, and a new code. */
export default route({
  GET: method({
    auth: 'staff',
    handler: ({ db, user }) => listStaffPromos(db, user),
  }),
  POST: method({
    auth: 'staff',
    body: staffPromoSchema,
    status: 201,
    handler: ({ db, user, body }) => createStaffPromo(db, user, body),
  }),
});
