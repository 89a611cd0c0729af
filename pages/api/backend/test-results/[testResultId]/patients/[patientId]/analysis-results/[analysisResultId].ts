import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getAnalysisResult } from '@/server/results/results';

export const config = { api: { bodyParser: false } };

/** One result with its description and the patient's history of the same analysis. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ testResultId: idParam(), patientId: idParam(), analysisResultId: idParam() }),
    handler: ({ db, user, query }) =>
      getAnalysisResult(db, user, query.testResultId, query.patientId, query.analysisResultId),
  }),
});
