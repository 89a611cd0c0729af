import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getPatientResults } from '@/server/results/results';

export const config = { api: { bodyParser: false } };

/** Every analysis result of one patient in a result set. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ testResultId: idParam(), patientId: idParam() }),
    handler: ({ db, user, query }) => getPatientResults(db, user, query.testResultId, query.patientId),
  }),
});
