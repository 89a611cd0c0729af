import { method, route } from '@/server/http/route';
import { liveness } from '@/server/ops/health';

export const config = { api: { bodyParser: false } };

export default route({ GET: method({ handler: ({ db }) => liveness(db) }) });
