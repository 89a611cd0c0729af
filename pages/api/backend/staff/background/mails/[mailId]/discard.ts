import { object } from 'yup';
import { idParam } from '@/shared/validation/common';
import { method, route } from '@/server/http/route';
import { actOnMail } from '@/server/ops/backgroundWork';

export const config = { api: { bodyParser: false } };

export default route({
  POST: method({ auth: 'staff', query: object({ mailId: idParam() }), handler: ({ db, user, query, ip }) => actOnMail(db, user, query.mailId, 'discard', ip) }),
});
