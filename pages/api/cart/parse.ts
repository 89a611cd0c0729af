import { method, route } from '@/server/http/route';
import { parseDoctorsList } from '@/server/catalogue/doctorsList';
import { parseListSchema } from '@/shared/validation/doctorsList';

export const config = { api: { bodyParser: false } };

/** A doctor's list read line by line against the laboratory's catalogue (docs/openapi.yaml). */
export default route({
  POST: method({
    auth: 'optional',
    body: parseListSchema,
    handler: ({ db, body }) => parseDoctorsList(db, body.text, body.laboratoryId, body.language),
  }),
});
