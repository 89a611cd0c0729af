import { object, string } from 'yup';
import { method, route } from '@/server/http/route';
import { coverageDto } from '@/server/visits/coverage';
import { laboratoryIdSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';
import { MESSAGES } from '@/shared/validation/order';

export const config = { api: { bodyParser: false } };

/** Whether the laboratory makes home visits to a postal code, at what fee, and who else does. */
export default route({
  GET: method({
    query: object({
      id: laboratoryIdSchema.required(M.required),
      country: string().trim().matches(/^[A-Za-z]{2}$/, MESSAGES.countryRequired).required(MESSAGES.countryRequired),
      postalCode: string().trim().max(12, MESSAGES.tooLong).required(MESSAGES.postalCodeRequired),
    }),
    handler: ({ db, query }) => coverageDto(db, query.id, query.country, query.postalCode),
  }),
});
