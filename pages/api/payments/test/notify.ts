import type { NextApiRequest, NextApiResponse } from 'next';
import notices from '../[provider]/[notice]';
import { testProviderModule } from '@/server/payments/testProvider';

export const config = { api: { bodyParser: false } };

/** The test provider's first notification URL, kept: the same as `POST /api/payments/test/status`. */
export default function handler(req: NextApiRequest, res: NextApiResponse) {
  req.query = { ...req.query, provider: testProviderModule.id, notice: 'status' };
  return notices(req, res);
}
