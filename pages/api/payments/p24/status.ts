import { mixed } from 'yup';
import { method, route } from '@/server/http/route';
import { handlePaymentNotification } from '@/server/payments/payments';

export const config = { api: { bodyParser: false } };

/** Przelewy24's payment notification (urlStatus): signed; verified once; 400 when refused. */
export default route({
  POST: method({ limit: { action: 'notify', per: 'address' }, body: mixed(), handler: ({ db, body, ip }) => handlePaymentNotification(db, 'p24', body, ip) }),
});
