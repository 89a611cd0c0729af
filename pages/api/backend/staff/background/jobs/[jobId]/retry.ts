import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { actOnJob } from '@/server/ops/backgroundWork';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({ auth: 'staff', query: object({ jobId: string().required().max(64) }), handler: ({ db, user, query, ip }) => actOnJob(db, user, query.jobId, 'retry', ip) }),
});
