import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { listNurseSlots } from '@/server/visits/slots';
import { slotsForCart } from '@/server/orders/timing';
import { unauthorized } from '@/server/http/errors';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { laboratoryIdSchema, text } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';

export const config = { api: { bodyParser: false } };

/** Availability changes with every booking, so this answer is never cached (route default). */
export default route({
  GET: method({
    auth: 'optional',
    query: object({ laboratoryId: laboratoryIdSchema.required(M.required), from: text(40).optional(), to: text(40).optional(), forCart: text(5).oneOf(['true', 'false', ''], 'Use true or false').optional() }),
    handler: async ({ db, query, user }) => {
      const slots = await listNurseSlots(db, query.laboratoryId, query.from || undefined, query.to || undefined);
      if (query.forCart !== 'true') return slots;
      // Only the times that suit every analysis of every patient in the caller's cart.
      if (!user) throw unauthorized();
      const lab = await findLaboratory(db, query.laboratoryId);
      return slotsForCart(db, user.id, slots, timeZoneOf(lab?.country ?? ''));
    },
  }),
});
