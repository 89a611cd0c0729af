import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { getPatient, updatePatient } from '@/server/accounts/patients';
import { idSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';
import { patientSchema } from '@/shared/validation/patient';

export const config = { api: { bodyParser: false } };

const params = object({ patientId: idSchema.required(M.required) });

/** One of the caller's patients; another user's patient is 404. */
export default route({
  GET: method({
    auth: 'user',
    query: params,
    handler: ({ db, user, query }) => getPatient(db, user.id, query.patientId),
  }),
  PUT: method({
    auth: 'user',
    query: params,
    body: patientSchema,
    handler: ({ db, user, query, body }) => updatePatient(db, user.id, query.patientId, body),
  }),
});
