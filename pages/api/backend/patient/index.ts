import { object } from 'yup';
import { method, route } from '@/server/http/route';
import { unauthorized } from '@/server/http/errors';
import { createPatient, listPatients } from '@/server/accounts/patients';
import { queryBooleanSchema } from '@/shared/validation/common';
import { userPatientSchema } from '@/shared/validation/patient';

export const config = { api: { bodyParser: false } };

export default route({
  /**
   * The caller's patients; a visitor (no token) gets an empty list (spec §6). A token that is
   * expired or revoked is 401, so the client signs out instead of showing an empty family.
   */
  GET: method({
    auth: 'optional',
    handler: ({ db, user, token }) => {
      if (token && !user) throw unauthorized();
      return user ? listPatients(db, user.id) : [];
    },
  }),
  /** `?userAsPatient=true` makes the user their own patient (names default to the account's). */
  POST: method({
    auth: 'user',
    query: object({ userAsPatient: queryBooleanSchema.default(false) }),
    body: userPatientSchema,
    status: 201,
    handler: ({ db, user, query, body }) => createPatient(db, user.id, body, query.userAsPatient),
  }),
});
