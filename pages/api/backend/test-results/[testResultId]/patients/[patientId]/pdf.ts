import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { sendBytes } from '@/server/http/sendBytes';
import { idParam } from '@/shared/validation/common';
import { getPatientResults } from '@/server/results/results';
import { renderResultsPdf, pdfFileName } from '@/server/results/resultsPdf';
import { languageFromCookie } from '@/shared/i18n';
import { sampleCheckIn } from '@/server/orders/checkIn';

export const config = { api: { bodyParser: false } };

/** The patient's results of one set as a PDF download. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ testResultId: idParam(), patientId: idParam() }),
    handler: async ({ db, user, query, req, res }) => {
      const data = await getPatientResults(db, user, query.testResultId, query.patientId, 'pdf');
      const pdf = await renderResultsPdf(data, languageFromCookie(req.headers.cookie), await sampleCheckIn(db, data.testResult.id));
      res.setHeader('Content-Disposition', `attachment; filename="${pdfFileName(data)}"`);
      sendBytes(res, 200, pdf, 'application/pdf');
    },
  }),
});
