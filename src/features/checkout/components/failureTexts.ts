import type { FailureTexts } from '@/components/useFailureText';
import { ERROR_CODES } from '@/shared/errorCodes';

/** A refused, used-up or too-often-used promo code, said the same at the summary's field and after a submission. */
const PROMO_CODES = {
  [ERROR_CODES.promoCodeUsedUp]: 'cart:failure.promoUsedUp',
  [ERROR_CODES.promoCodeUserLimit]: 'cart:failure.promoUserLimit',
};

/** What the cart's pricing answers at the summary step: no laboratory, an empty cart, analyses the laboratory does not sell. */
const CART_CODES = {
  [ERROR_CODES.laboratoryRequired]: 'cart:failure.laboratoryRequired',
  [ERROR_CODES.conflict]: 'cart:failure.cartEmpty',
  [ERROR_CODES.notSoldInLaboratory]: 'cart:failure.cartNotSold',
};

/** The promo code field: a refused code's reason is the validation text of `fields.promoCode` (namespace `cart`). */
export const PROMO_FAILURE_TEXTS: FailureTexts = {
  codes: { ...PROMO_CODES, ...CART_CODES },
  field: (fields) => fields.promoCode,
  fieldNs: 'cart',
};

/** The order's submission (a full slot and a payment that did not start are shown apart). */
export const SUBMIT_FAILURE_TEXTS: FailureTexts = {
  codes: {
    ...PROMO_CODES,
    ...CART_CODES,
    [ERROR_CODES.emailNotConfirmed]: 'cart:failure.emailNotConfirmed',
    [ERROR_CODES.addressNotServed]: 'cart:failure.addressNotServed',
    [ERROR_CODES.tooManyOpenVisits]: 'cart:failure.tooManyOpenVisits',
    [ERROR_CODES.slotNotOffered]: 'cart:failure.slotNotOffered',
    [ERROR_CODES.slotPassed]: 'cart:failure.slotPassed',
    [ERROR_CODES.visitDateMismatch]: 'cart:failure.visitDateMismatch',
    [ERROR_CODES.paymentMethodUnavailable]: 'cart:failure.onlineUnavailable',
  },
  // The address's postal code (invalid, or not visited) and a refused promo code carry the form's own validation text.
  field: (fields) => fields['orderAddress.postalCode'] ?? fields.promoCode,
  fieldNs: 'cart',
};
