import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { revokeShare } from '@/server/results/shares';

export const config = { api: { bodyParser: false } };

/** Revokes a share link at once: it then answers 410. */
export default route({
  DELETE: method({
    auth: 'user',
    query: object({ testResultId: idParam(), patientId: idParam(), shareId: idParam() }),
    handler: async ({ db, user, query }) => {
      await revokeShare(db, user, query.testResultId, query.patientId, query.shareId);
    },
  }),
});
