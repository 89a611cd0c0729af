import { object, string } from 'yup';

/** The body of `POST patient-invites/accept` and `.../refuse`: the token of the invite link. */
export const inviteAnswerSchema = object({
  token: string().trim().required('Required').max(200, 'Invalid'),
});
