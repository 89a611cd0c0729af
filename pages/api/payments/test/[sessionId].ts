import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { completeTestPayment, getTestPayment } from '@/server/payments/testPage';

export const config = { api: { bodyParser: false } };

const query = object({ sessionId: string().trim().max(100).required() });

/** The test provider's page data (owner only, 404 otherwise) and its Pay / Decline buttons. */
export default route({
  GET: method({ auth: 'user', query, handler: ({ db, user, query: q }) => getTestPayment(db, user.id, q.sessionId) }),
  POST: method({
    auth: 'user',
    query,
    body: object({ action: string().strict().oneOf(['pay', 'decline'] as const, 'Choose "pay" or "decline"').required('Choose "pay" or "decline"') }),
    handler: ({ db, user, query: q, body, ip }) => completeTestPayment(db, user.id, q.sessionId, body.action, ip),
  }),
});
