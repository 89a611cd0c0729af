import { mixed, object, string } from 'yup';
import { languages, type Language } from '@/shared/i18n';

/**
 * `POST cart/parse`: the pasted list and the laboratory whose catalogue it is read against. The
 * list's limits (5,000 characters, 100 lines) are checked by the service, which answers them with
 * codes of their own.
 */
export const parseListSchema = object({
  text: string().strict().required('text is required'),
  laboratoryId: string().trim().max(64).required('laboratoryId is required'),
  language: mixed<Language>().oneOf([...languages]).optional(),
});
