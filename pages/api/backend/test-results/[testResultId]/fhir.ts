import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { idParam } from '@/shared/validation/common';
import { RESULT_MESSAGES } from '@/shared/validation/results';
import { exportOwnResults, FHIR_CONTENT_TYPE, fhirFileName } from '@/server/interop/fhir';
import { ID_PATTERN } from '@/shared/ids';

export const config = { api: { bodyParser: false } };

/** The owner's results of one order as a FHIR R4 Bundle (optionally one patient's). */
export default route({
  GET: method({
    auth: 'user',
    query: object({ testResultId: idParam(), patientId: string().optional().matches(ID_PATTERN, RESULT_MESSAGES.idInvalid) }),
    handler: async ({ db, user, query, res }) => {
      const bundle = await exportOwnResults(db, user.id, query.testResultId, query.patientId ? Number(query.patientId) : undefined);
      res.setHeader('Content-Type', `${FHIR_CONTENT_TYPE}; charset=utf-8`);
      res.setHeader('Content-Disposition', `attachment; filename="${fhirFileName(bundle)}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.status(200).send(JSON.stringify(bundle, null, 2));
    },
  }),
});
