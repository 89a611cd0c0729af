import { method, route } from '@/server/http/route';
import { metricsFor } from '@/server/ops/health';
import { sendBytes } from '@/server/http/sendBytes';

export const config = { api: { bodyParser: false } };

export default route({
  GET: method({
    handler: async ({ db, req, res }) => {
      const { contentType, body } = await metricsFor(db, req.headers.authorization);
      sendBytes(res, 200, Buffer.from(body), contentType);
    },
  }),
});
