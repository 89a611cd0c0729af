import { object, string } from 'yup';

/** Messages of the visit payment (English sentences, translation keys of the `staff` namespace). */
export const VISIT_PAYMENT_MESSAGES = {
  methodInvalid: 'The method is cash or card',
} as const;

export const VISIT_PAYMENT_METHODS = ['cash', 'card'] as const;

/** `POST staff/visits/{id}/payment`: how the patient paid the nurse. */
export const visitPaymentSchema = object({
  method: string().typeError(VISIT_PAYMENT_MESSAGES.methodInvalid).required(VISIT_PAYMENT_MESSAGES.methodInvalid).oneOf(VISIT_PAYMENT_METHODS, VISIT_PAYMENT_MESSAGES.methodInvalid),
});
