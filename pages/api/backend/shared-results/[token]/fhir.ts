import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { sharedFhir } from '@/server/interop/sharedFhir';
import { FHIR_CONTENT_TYPE, fhirFileName } from '@/server/interop/fhir';

export const config = { api: { bodyParser: false } };

/** The FHIR R4 Bundle of a shared link. */
export default route({
  GET: method({
    query: object({ token: string().required() }),
    handler: async ({ db, query, res, ip }) => {
      const bundle = await sharedFhir(db, query.token, ip);
      res.setHeader('Content-Type', `${FHIR_CONTENT_TYPE}; charset=utf-8`);
      res.setHeader('Content-Disposition', `attachment; filename="${fhirFileName(bundle)}"`);
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.status(200).send(JSON.stringify(bundle, null, 2));
    },
  }),
});
