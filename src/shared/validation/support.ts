import { object, string, type InferType } from 'yup';
import './safeStringCase';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN } from './supportLimits';

/**
 * The support contact form, shared by the form (formik) and `POST /api/support/contact`. Messages
 * are English texts that double as keys of the `catalogue` namespace (`validation.*`).
 */
export const SUPPORT_MESSAGES = {
  nameRequired: 'Enter your name',
  nameTooLong: 'The name is too long',
  emailRequired: 'Enter your e-mail address',
  emailInvalid: 'Enter a valid e-mail address',
  messageRequired: 'Write your message',
  messageTooShort: 'The message needs at least 10 characters',
  messageTooLong: 'The message can have at most 2000 characters',
  laboratoryInvalid: 'Unknown laboratory',
} as const;

export const supportContactSchema = object({
  name: string().trim().required(SUPPORT_MESSAGES.nameRequired).max(100, SUPPORT_MESSAGES.nameTooLong),
  email: string().trim().required(SUPPORT_MESSAGES.emailRequired).max(254, SUPPORT_MESSAGES.emailInvalid).email(SUPPORT_MESSAGES.emailInvalid),
  message: string()
    .trim()
    .required(SUPPORT_MESSAGES.messageRequired)
    .min(SUPPORT_MESSAGE_MIN, SUPPORT_MESSAGES.messageTooShort)
    .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageTooLong),
  /** The laboratory to write to (the active one); the first laboratory when absent. */
  laboratoryId: string().trim().max(64, SUPPORT_MESSAGES.laboratoryInvalid).optional(),
});

export type SupportContactInput = InferType<typeof supportContactSchema>;

export interface SupportContactResponse {
  sent: true;
}
