import { number, object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { staffRefundOrder } from '@/server/payments/staffRefund';

export const config = { api: { bodyParser: false } };

const body = object({
  /** Major units of the order's currency, like the order's `total`. */
  amount: number().strict().positive('The amount must be more than 0').required('Give the amount'),
  reason: string().strict().trim().min(1, 'Give the reason of the refund').max(200).required('Give the reason of the refund'),
});

/** Staff refund part of a paid order with a reason (never more than is left); answers the order's payment. */
export default route({
  POST: method({
    auth: 'staff',
    query: object({ orderId: idParam() }),
    body,
    handler: ({ db, user, query, body: b }) => staffRefundOrder(db, user, query.orderId, b.amount, b.reason),
  }),
});
