import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { visitPaymentSchema } from '@/shared/validation/visitPayment';
import { recordVisitPayment } from '@/server/payments/visitPayment';

export const config = { api: { bodyParser: false } };

/** The assigned nurse records the payment taken at the visit (cash or card) of an order paid on the visit; idempotent. Audited. */
export default route({
  POST: method({
    auth: 'staffOrNurse',
    query: object({ orderId: idParam() }),
    body: visitPaymentSchema,
    handler: ({ db, user, query, body, ip }) => recordVisitPayment(db, user, query.orderId, body.method as 'cash' | 'card', ip),
  }),
});
