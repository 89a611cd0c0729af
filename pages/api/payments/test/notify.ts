import { mixed } from 'yup';
import { method, route } from '@/server/http/route';
import { handlePaymentNotification } from '@/server/payments/payments';

export const config = { api: { bodyParser: false } };

/** The built-in test provider's notification (HMAC of PAYMENT_TEST_SECRET): the same handling as an operator's. */
export default route({
  POST: method({ limit: { action: 'notify', per: 'address' }, body: mixed(), handler: ({ db, body, ip }) => handlePaymentNotification(db, 'test', body, ip) }),
});
