import { mixed, object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { handleProviderNotice } from '@/server/payments/notices';
import { PROVIDER_NOTICES } from '@/server/payments/provider';

export const config = { api: { bodyParser: false } };

const query = object({
  provider: string().trim().max(40).required(),
  notice: string().oneOf(PROVIDER_NOTICES, `One of: ${PROVIDER_NOTICES.join(', ')}`).required(),
});

/** Every payment provider's notifications (`status`, `refund-status`): body, raw bytes and headers go to the provider; 400 when refused. */
export default route({
  POST: method({
    limit: { action: 'notify', per: 'address' },
    query,
    body: mixed(),
    handler: ({ db, req, query: q, body, rawBody, ip }) => handleProviderNotice(db, q.provider, q.notice, { body, rawBody, headers: req.headers }, ip),
  }),
});
