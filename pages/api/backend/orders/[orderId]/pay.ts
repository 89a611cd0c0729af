import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { payOrder } from '@/server/payments/payments';
import { requestLanguage } from '@/server/mail/i18n';

export const config = { api: { bodyParser: false } };

/** A new payment attempt while the order awaits its online payment: `{orderId, redirectUrl}`. */
export default route({
  POST: method({
    auth: 'user',
    limit: { action: 'pay', per: 'order' },
    query: object({ orderId: idParam() }),
    handler: ({ db, user, query, req }) => payOrder(db, user.id, query.orderId, requestLanguage(req)),
  }),
});
