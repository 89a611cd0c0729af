import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { redrawSchema } from '@/shared/validation/rejections';
import { bookRedraw } from '@/server/orders/redraw';

export const config = { api: { bodyParser: false } };

/** The owner books the free redraw of the order's rejected samples: 201 with the new order, 200 with the one booked before. */
export default route({
  POST: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    body: redrawSchema,
    handler: async ({ db, user, query, body, res }) => {
      const { orderId, created } = await bookRedraw(db, user.id, query.orderId, body);
      res.status(created ? 201 : 200).json({ orderId });
    },
  }),
});
