import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { sendBytes } from '@/server/http/sendBytes';
import { sharedResultsForPdf } from '@/server/results/shares';
import { pdfFileName, renderResultsPdf } from '@/server/results/resultsPdf';
import { languageFromCookie } from '@/shared/i18n';
import { sampleCheckIn } from '@/server/orders/checkIn';

export const config = { api: { bodyParser: false } };

/** The PDF of a shared link, in the reader's language. */
export default route({
  GET: method({
    query: object({ token: string().required() }),
    handler: async ({ db, query, req, res, ip }) => {
      const data = await sharedResultsForPdf(db, query.token, ip);
      const pdf = await renderResultsPdf(data, languageFromCookie(req.headers.cookie), await sampleCheckIn(db, data.testResult.id));
      res.setHeader('Content-Disposition', `attachment; filename="${pdfFileName(data)}"`);
      res.setHeader('Referrer-Policy', 'no-referrer');
      sendBytes(res, 200, pdf, 'application/pdf');
    },
  }),
});
