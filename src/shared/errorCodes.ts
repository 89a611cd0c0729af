/**
 * Machine-readable error codes of the API (`{error, code, fields}`): clients decide on these, never on
 * the English `error` text. Every error answer carries one; the specific codes name the cases a client
 * acts on, the rest is the status's generic code.
 */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  gone: 'gone',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internal: 'internal',
  unavailable: 'unavailable',
  userExists: 'user_exists',
  emailAlreadyConfirmed: 'email_already_confirmed',
  emailNotConfirmed: 'email_not_confirmed',
  confirmationTokenNotFound: 'confirmation_token_not_found',
  slotFull: 'slot_full',
  /** No laboratory is chosen, nor saved for the account (400 from the cart's calls). */
  laboratoryRequired: 'laboratory_required',
  /** A patient named in a cart call is not one of the account's (404). */
  patientNotFound: 'patient_not_found',
  /** An analysis asked for is not sold by the laboratory (400 when added to the cart; 409 when the cart is quoted or ordered). */
  notSoldInLaboratory: 'not_sold_in_laboratory',
  /** The chosen visit time is not one of the laboratory's (400, `fields.orderSlotId`). */
  slotNotOffered: 'slot_not_offered',
  /** The chosen visit time has already begun (400, `fields.orderSlotId`). */
  slotPassed: 'slot_passed',
  /** The visit date sent is not the start of the chosen visit time (400, `fields.nurseCheckoutDate`). */
  visitDateMismatch: 'visit_date_mismatch',
  /** The order address's postal code is not visited by the laboratory (400, `fields["orderAddress.postalCode"]`). */
  addressNotServed: 'address_not_served',
  /** Unknown, other-laboratory, not yet valid, expired or under-minimum promo code (400, `fields.promoCode`). */
  promoCodeRefused: 'promo_code_refused',
  /** The promo code is used up in total (409, `fields.promoCode`). */
  promoCodeUsedUp: 'promo_code_used_up',
  /** This user has used the promo code as many times as it allows (409, `fields.promoCode`). */
  promoCodeUserLimit: 'promo_code_user_limit',
  /** The account already has as many open upcoming visits as allowed (409, `RATE_LIMIT_OPEN_VISITS`). */
  tooManyOpenVisits: 'too_many_open_visits',
  /** The payment operator could not be reached: the order is kept (`orderId` in the answer), `POST orders/{id}/pay` tries again (503). */
  paymentUnavailable: 'payment_unavailable',
  /** The order does not await an online payment (409 from `POST orders/{id}/pay`). */
  paymentNotAwaited: 'payment_not_awaited',
  /** A money job (refund, refund lookup, hold expiry, KSeF sending) cannot be discarded, only retried (409 from the staff background page). */
  moneyJobNotDiscardable: 'money_job_not_discardable',
  /** The operator's notification was refused: wrong sign, unknown session, other amount or currency (400). */
  paymentNotificationRefused: 'payment_notification_refused',
  /** Online payment is not offered for this laboratory (400, `fields.paymentMethod`). */
  paymentMethodUnavailable: 'payment_method_unavailable',
  /** The order's money was wholly refunded (or is being refunded): no VAT invoice for it (409 from `POST orders/{id}/invoice`). */
  orderRefunded: 'order_refunded',
  /** The invoice would not be valid FA(3) (checked against the official schema before it takes a number): nothing was issued (422). */
  invoiceInvalid: 'invoice_invalid',
  /** Results of an adult family member who has not (or no longer) agreed that the account reads them (403). */
  consentRequired: 'consent_required',
  /** An invite accepted or refused by an account whose e-mail is not the invited address (403). */
  inviteOtherAddress: 'invite_other_address',
  /** An invite for someone under 16 (400). */
  inviteMinor: 'invite_minor',
  /** An invite to the account's own address, or for the account holder's own record (400). */
  inviteOwnAddress: 'invite_own_address',
  /** An invite for a record without an e-mail (400, `fields["personalDetails.email"]`). */
  inviteNoEmail: 'invite_no_email',
  /** An unknown, used or expired invite link (404 unknown; 410 used or expired). */
  inviteInvalid: 'invite_invalid',
  /** The record is already readable by the account with another person's consent, or claimed by another account (409). */
  recordClaimed: 'record_claimed',
  /** A family member's date of birth changed in a way that bypasses the age rules of household consent (409, `fields["personalDetails.dateOfBirth"]`). */
  dateOfBirthLocked: 'date_of_birth_locked',
  /** A record transfer accepted by an account that already has its own record (409 from `POST patient-invites/accept`). */
  ownRecordExists: 'own_record_exists',
  /** A morning check-in for an order whose visit is over or cancelled (409 from `POST orders/{id}/check-in`). */
  checkInClosed: 'check_in_closed',
  /** A doctor's list over 5,000 characters (400 from `POST cart/parse`, `fields.text`). */
  listTooLong: 'list_too_long',
  /** A doctor's list of more than 100 non-empty lines (400 from `POST cart/parse`, `fields.text`). */
  listTooManyLines: 'list_too_many_lines',
  /** A free redraw asked for an order with no rejected sample (409 from `POST orders/{id}/redraw`). */
  nothingRejected: 'nothing_rejected',
  /** The free redraw of a rejected sample is past its deadline (409). */
  redrawExpired: 'redraw_expired',
  /** A visit time that breaks a timing rule of an analysis (fasting, time of day, cycle day): 400 naming the analysis. */
  timingNotMet: 'timing_not_met',
  /* The staff console's and the nurse's refusals (409 unless said); the console shows them by code. */
  /** The order already has the status asked for. */
  statusSame: 'status_same',
  /** The order is closed (completed or cancelled): its status no longer changes. */
  statusFinal: 'status_final',
  /** An order does not go back to an earlier status. */
  statusBackwards: 'status_backwards',
  /** An order moves one step at a time. */
  statusSkips: 'status_skips',
  /** Completing an order needs a result for every ordered analysis. */
  statusNeedsAllResults: 'status_needs_all_results',
  /** The step needs at least one result first. */
  statusNeedsResults: 'status_needs_results',
  /** The order or its visit was changed by someone else at the same moment: reload and try again. */
  changedMeanwhile: 'changed_meanwhile',
  /** Results are entered once the samples are collected. */
  resultsNotYet: 'results_not_yet',
  /** The visit is past the home-visit stage (no nurse to assign, nothing to collect, no "not at home"). */
  visitClosed: 'visit_closed',
  /** The user chosen is not a nurse of the order's laboratory (400, `fields.nurseUserId`). */
  notANurse: 'not_a_nurse',
  /** The visit already has the state asked for. */
  visitSame: 'visit_same',
  /** The visit is over: its state no longer changes. */
  visitFinal: 'visit_final',
  /** A visit does not go back to an earlier state. */
  visitBackwards: 'visit_backwards',
  /** "Not at home" once the nurse has arrived or 15 minutes into the visit window. */
  visitNotAtHomeTooEarly: 'visit_not_at_home_too_early',
  /** "On the way" only on the visit's day (the laboratory's calendar). */
  visitNotVisitDay: 'visit_not_visit_day',
  /** The nurse's "I have arrived" only on the visit's day (the laboratory's calendar). */
  visitArrivedNotVisitDay: 'visit_arrived_not_visit_day',
  /** The nurse's "samples collected" only on the visit's day (the staff console's status change is not held to it). */
  visitCollectedNotVisitDay: 'visit_collected_not_visit_day',
  /** The nurse's "not at home" only on the visit's day. */
  visitNotAtHomeNotVisitDay: 'visit_not_at_home_not_visit_day',
  /** The arrival window must end after it starts, within 3 hours (400, `fields.arrivalStart` or `fields.arrivalEnd`). */
  arrivalWindowInvalid: 'arrival_window_invalid',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Spelled out (not read from ERROR_CODES) so that a page needing only `codeOfStatus` does not carry every code. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};

/** The generic code of an HTTP status (`bad_request` for an unlisted 4xx, `internal` for 5xx). */
export function codeOfStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}
