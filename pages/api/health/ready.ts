import { method, route } from '@/server/http/route';
import { readiness } from '@/server/ops/health';

export const config = { api: { bodyParser: false } };

export default route({ GET: method({ handler: ({ db }) => readiness(db) }) });
