import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { getTestResult } from '@/server/results/results';

export const config = { api: { bodyParser: false } };

/** One result set with its patients and their result counts. */
export default route({
  GET: method({
    auth: 'user',
    query: object({ testResultId: idParam() }),
    handler: ({ db, user, query }) => getTestResult(db, user, query.testResultId),
  }),
});
