import { number, object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { createShare, listShares, SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS } from '@/server/results/shares';

export const config = { api: { bodyParser: false } };

const params = object({ testResultId: idParam(), patientId: idParam() });
const DAYS = `Choose 1 to ${SHARE_MAX_DAYS} days`;

/** The owner's read-only links to one patient's results of one order. */
export default route({
  GET: method({
    auth: 'user',
    query: params,
    handler: ({ db, user, query }) => listShares(db, user, query.testResultId, query.patientId),
  }),
  POST: method({
    auth: 'user',
    query: params,
    body: object({ days: number().typeError(DAYS).integer(DAYS).min(1, DAYS).max(SHARE_MAX_DAYS, DAYS).default(SHARE_DEFAULT_DAYS) }),
    status: 201,
    handler: ({ db, user, query, body }) => createShare(db, user, query.testResultId, query.patientId, body.days),
  }),
});
