import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { rejectionSchema } from '@/shared/validation/rejections';
import { rejectSamples } from '@/server/orders/rejections';

export const config = { api: { bodyParser: false } };

/** Staff reject the sample of analyses without a result (HL7 table 0490 reason); the patient is offered a free redraw. */
export default route({
  POST: method({
    auth: 'staff',
    status: 201,
    query: object({ orderId: idParam() }),
    body: rejectionSchema,
    handler: ({ db, user, query, body, ip }) => rejectSamples(db, user, query.orderId, body, 'staff', { actor: user, ip }),
  }),
});
