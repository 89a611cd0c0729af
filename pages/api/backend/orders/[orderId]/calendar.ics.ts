import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { orderCalendarFile } from '@/server/orders/orders';
import { languageFromCookie } from '@/shared/i18n';

export const config = { api: { bodyParser: false } };

/** The owner's visit as an iCalendar file (RFC 5545); another user's order is 404. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ orderId: idParam() }),
    handler: async ({ db, user, query, req, res }) => {
      const { fileName, content } = await orderCalendarFile(db, user.id, query.orderId, languageFromCookie(req.headers.cookie));
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.status(200).send(content);
    },
  }),
});
