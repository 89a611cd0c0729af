import type { NextApiRequest, NextApiResponse } from 'next';
import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { completeTestPayment, getTestPayment } from '@/server/payments/testPage';
import { PROVIDER_NOTICES } from '@/server/payments/provider';
import { testProviderModule } from '@/server/payments/testProvider';
import notices from '../[provider]/[notice]';

export const config = { api: { bodyParser: false } };

const query = object({ sessionId: string().trim().max(100).required() });

/** The test provider's page data (owner only, 404 otherwise) and its Pay / Decline buttons. */
const page = route({
  GET: method({ auth: 'user', query, handler: ({ db, user, query: q }) => getTestPayment(db, user.id, q.sessionId) }),
  POST: method({
    auth: 'user',
    query,
    body: object({ action: string().strict().oneOf(['pay', 'decline'] as const, 'Choose "pay" or "decline"').required('Choose "pay" or "decline"') }),
    handler: ({ db, user, query: q, body, ip }) => completeTestPayment(db, user.id, q.sessionId, body.action, ip),
  }),
});

/** This folder shadows `[provider]` for the test provider: its notices (`/api/payments/test/status`) go on to the generic route. */
export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const notice = (PROVIDER_NOTICES as readonly unknown[]).includes(req.query.sessionId) ? req.query.sessionId : null;
  if (!notice) return page(req, res);
  req.query = { provider: testProviderModule.id, notice };
  return notices(req, res);
}
