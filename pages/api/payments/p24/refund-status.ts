import { mixed } from 'yup';
import { method, route } from '@/server/http/route';
import { handleRefundNotification } from '@/server/payments/refunds';

export const config = { api: { bodyParser: false } };

/** Przelewy24's refund notification: signed; settles the refund once; 400 when refused. */
export default route({
  POST: method({ limit: { action: 'notify', per: 'address' }, body: mixed(), handler: ({ db, body, ip }) => handleRefundNotification(db, 'p24', body, ip) }),
});
