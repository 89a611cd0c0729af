import type { Db } from '@/server/db/createDb';
import { ERROR_CODES } from '@/shared/errorCodes';
import { orderAddressDto, orderFeedbackDto, orderPreparationDto, visitDto } from './orderDtos';
import type { CreateOrderResponse, PromoQuoteDto } from '@/shared/types/api';
import type { ShopOrderPatientDto, ShopOrderDto } from '@/shared/types/order';
import { i18nOf, orderNamesI18n } from '@/server/catalogue/catalogueNames';
import { localOrderPreparation } from '@/shared/catalogueText';
import { IDEMPOTENCY_KEY_PATTERN, MESSAGES, SLOT_FULL_MESSAGE, type CreateOrderInput } from '@/shared/validation/order';
import { toMajor } from '@/shared/money';
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors';
import { clearCart, findAnalysisRules } from '@/server/cart/repositories/cart';
import { priceUserCart } from '@/server/cart/cart';
import * as repo from '@/server/orders/repositories/orders';
import { bookSlot, findSlot } from '@/server/visits/repositories/slots';
import { getCoverage } from '@/server/visits/coverage';
import { orderLaboratoryDto } from '@/server/laboratories/laboratories';
import { linesByPatient } from './linesByPatient';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { checkPromo, discountFor, isPromoRefusal, redeemPromo } from '@/server/orders/promo';
import { buildVisitCalendar } from './calendar';
import { getConfig } from '@/server/config';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { buildAppUrl } from '@/server/mail/mailer';
import { queueMail } from '@/server/mail/queueMail';
import { replayOrderPayment } from '@/server/payments/replay';
import { intlLocale, type Language } from '@/shared/i18n';
import { mailLanguage, mailTranslator } from '@/server/mail/i18n';
import { updateUser } from '@/server/accounts/repositories/accounts';
import { reserveAction } from '@/server/http/rateLimit';
import { addressLine, formatVisit, preparationLines } from '@/server/mail/templates/common';
import { orderConfirmationMail } from '@/server/mail/templates/orderConfirmation';
import { orderMoneyLines } from '@/server/mail/templates/orderMoney';
import { scheduleVisitReminder } from './visitReminderSchedule';
import { recordPlaced } from './transitions';
import { checkCycleStart, checkOrderTiming } from './timing';
import { choosePaymentMethod, openFirstAttempt, paymentDto, registerAttempt } from '@/server/payments/payments';
import type { AttemptRow } from '@/server/payments/repositories/payments';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Order submission (spec §4 Checkout, §7 `POST order/create`) and the owner's read of a submitted
 * order. The cart is priced again here; the nurse slot is booked atomically in the same
 * transaction that writes the order and empties the cart.
 */

export const PAYMENT_MODE = 'pay_nurse' as const;
export { SLOT_FULL_MESSAGE };
export { orderAddressDto, orderFeedbackDto, visitDto } from './orderDtos';
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'Confirm your e-mail address before placing an order';
export const EMPTY_CART_MESSAGE = 'Your cart is empty';

export function orderRedirectUrl(orderId: number): string {
  return `/order/order-submitted?orderId=${orderId}`;
}

function answer(orderId: number): CreateOrderResponse {
  return { orderId, redirectUrl: orderRedirectUrl(orderId) };
}

/** Reads the `Idempotency-Key` header value; a malformed key is a 400. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw badRequest('Invalid Idempotency-Key header: use 8 to 100 letters, digits, "-" or "_"');
  }
  return value;
}

/**
 * `language` is the request's language: it becomes the user's saved locale (for the later status
 * mails) and the language of the confirmation mail.
 */
export const TOO_MANY_OPEN_VISITS = 'You already have the most upcoming home visits an account may hold; wait for one of them or cancel one';

/**
 * Order creation under the anti-automation limits (`RATE_LIMIT_ORDER_*`, per client address and per
 * account; a refused order does not count) and the cap on open upcoming visits per account.
 */
export async function createOrder(db: Db, userId: number, input: CreateOrderInput, idempotencyKey: string | null, language?: Language, ip = 'unknown'): Promise<CreateOrderResponse> {
  if (idempotencyKey) {
    const existing = await repo.findOrderIdByIdempotencyKey(db, userId, idempotencyKey);
    if (existing !== null) return (await replayOrderPayment(db, userId, existing, input.paymentMethod, language ?? 'en')) ?? answer(existing);
  }
  const use = await reserveAction(db, 'order', { ip, key: `user:${userId}` });
  try {
    const place = () => placeOrder(db, userId, input, idempotencyKey, language);
    return await (input.promoCode ? promoGuess(db, userId, ip, place) : place());
  } catch (e) {
    await use.release();
    throw e;
  }
}

/**
 * Runs work that checks a promo code under the promo limit (`RATE_LIMIT_PROMO_*`, per account and per
 * client address): a use is reserved first and given back unless the code was refused, so only
 * wrong guesses count and a right code can be quoted again and again.
 */
async function promoGuess<T>(db: Db, userId: number, ip: string, work: () => Promise<T>): Promise<T> {
  const guess = await reserveAction(db, 'promo', { ip, key: `user:${userId}` });
  try {
    const result = await work();
    await guess.release();
    return result;
  } catch (e) {
    if (!isPromoRefusal(e)) await guess.release();
    throw e;
  }
}

async function placeOrder(db: Db, userId: number, input: CreateOrderInput, idempotencyKey: string | null, language?: Language): Promise<CreateOrderResponse> {
  const user = await repo.findUserForOrder(db, userId);
  if (!user) throw notFound('User not found');
  if (!user.email_confirmed) throw conflict(EMAIL_NOT_CONFIRMED_MESSAGE, undefined, ERROR_CODES.emailNotConfirmed);

  const laboratory = await findLaboratory(db, input.laboratoryId);
  if (!laboratory) throw badRequest('Unknown laboratory', { laboratoryId: 'Unknown laboratory' });
  const slot = await findSlot(db, input.orderSlotId);
  if (!slot || slot.laboratory_id !== laboratory.id) {
    throw badRequest('The selected visit time is not offered by this laboratory', { orderSlotId: 'Choose another visit time' }, ERROR_CODES.slotNotOffered);
  }
  if (slot.start_at <= new Date().toISOString()) {
    throw badRequest('The selected visit time has already passed, please choose another', { orderSlotId: 'Choose another visit time' }, ERROR_CODES.slotPassed);
  }
  if (Date.parse(input.nurseCheckoutDate) !== Date.parse(slot.start_at)) {
    throw badRequest('The visit date does not match the selected visit time', { nurseCheckoutDate: 'Choose the visit time again' }, ERROR_CODES.visitDateMismatch);
  }
  // Fasting, time of day and cycle days of every analysis in the cart (timing.ts).
  const timeZone = timeZoneOf(laboratory.country);
  const cycleStart = checkCycleStart(input.cycleStart, timeZone);
  await checkOrderTiming(db, userId, slot, timeZone, cycleStart);
  // Coverage and the visit fee come from the laboratory's zones, whatever the client believes.
  const coverage = await getCoverage(db, laboratory.id, input.orderAddress.country, input.orderAddress.postalCode).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 400) throw badRequest(e.message, { 'orderAddress.postalCode': e.message });
    throw e;
  });
  if (!coverage.served || coverage.visitFeeMinor === null) {
    const other = coverage.servedBy[0];
    throw badRequest(
      other ? `${MESSAGES.postalCodeNotServed}; it is served by the laboratory at ${other.address}` : MESSAGES.postalCodeNotServed,
      { 'orderAddress.postalCode': MESSAGES.postalCodeNotServed },
      ERROR_CODES.addressNotServed,
    );
  }
  const visitFeeMinor = coverage.visitFeeMinor;

  const paymentMethod = choosePaymentMethod(laboratory.currency, input.paymentMethod);
  const outcome: { created: boolean; attempt: AttemptRow | null; row: repo.OrderRow | null } = { created: false, attempt: null, row: null };
  let orderId: number;
  try {
    orderId = await inWriteTransaction(db, async (trx) => {
      await repo.lockUser(trx, userId);
      if (idempotencyKey) {
        const existing = await repo.findOrderIdByIdempotencyKey(trx, userId, idempotencyKey);
        if (existing !== null) return existing;
      }
      const limits = getConfig().rateLimits;
      if (limits.enabled && (await repo.countOpenUpcomingVisits(trx, userId, new Date().toISOString())) >= limits.openVisits) {
        throw conflict(TOO_MANY_OPEN_VISITS, undefined, ERROR_CODES.tooManyOpenVisits);
      }
      const priced = await priceOrderCart(trx, userId, laboratory.id);
      const promo = input.promoCode ? await checkPromo(trx, userId, laboratory.id, input.promoCode, priced.totalMinor) : null;
      const discountMinor = promo ? discountFor(promo, priced.totalMinor) : 0;
      if (!(await bookSlot(trx, slot.id))) throw conflict(SLOT_FULL_MESSAGE, { orderSlotId: SLOT_FULL_MESSAGE }, ERROR_CODES.slotFull);

      const now = new Date().toISOString();
      const a = input.orderAddress;
      const f = input.feedbackDetails;
      const order = await repo.insertOrder(trx, {
        user_id: userId,
        laboratory_id: laboratory.id,
        slot_id: slot.id,
        status: 'placed',
        currency: priced.currency,
        subtotal_minor: priced.totalMinor,
        delivery_price_minor: visitFeeMinor,
        total_minor: priced.totalMinor - discountMinor + visitFeeMinor,
        promo_code: promo?.code ?? null,
        discount_minor: discountMinor,
        payment_mode: PAYMENT_MODE,
        payment_method: paymentMethod,
        payment_status: paymentMethod === 'online' ? 'awaiting' : 'on_visit',
        nurse_checkout_date: slot.start_at,
        address_country: a.country,
        address_city: a.city,
        address_postal_code: coverage.postalCode,
        address_street: a.street,
        address_entry: a.entry,
        address_floor: a.floor,
        address_apartment: a.apartment,
        address_intercom_code: a.intercomCode,
        address_notes: a.notes,
        feedback_use_email: f.useEmail ? 1 : 0,
        feedback_use_phone: f.usePhone ? 1 : 0,
        feedback_quick_phone: f.quickPhone,
        idempotency_key: idempotencyKey,
        cycle_start: cycleStart,
        created_at: now,
        updated_at: now,
      });
      const patients = [...priced.patients.values()];
      await repo.insertOrderLines(
        trx,
        order.id,
        patients.flatMap((p) => p.lines.map((l) => ({ patientId: p.patientId, ...l }))),
      );
      await repo.freezeOrderPatients(trx, order.id);
      await repo.insertOrderMaterials(
        trx,
        order.id,
        patients.flatMap((p) =>
          [...p.materials.values()].map((m) => ({ patientId: p.patientId, materialId: m.material.id, bought: m.bought, priceMinor: m.chargedMinor })),
        ),
      );
      // The total limit is taken here, atomically: a code used up meanwhile is a 409 and nothing is written.
      if (promo) await redeemPromo(trx, promo, userId, order.id, discountMinor);
      await recordPlaced(trx, order.id, userId, new Date().toISOString());
      await scheduleVisitReminder(trx, order.id, slot.start_at, new Date(), slot.laboratory_id);
      await clearCart(trx, userId);
      if (language) await updateUser(trx, userId, { locale: language });
      // The confirmation is owed exactly when the order commits: queued in its transaction.
      await sendOrderConfirmation(trx, userId, order.id, language);
      if (paymentMethod === 'online') {
        outcome.row = (await repo.getOrder(trx, order.id)) ?? null;
        if (outcome.row) outcome.attempt = await openFirstAttempt(trx, outcome.row, new Date());
      }
      outcome.created = true;
      return order.id;
    });
  } catch (e) {
    // Two requests with the same key raced past the first look-up: the loser answers the winner's order.
    if (idempotencyKey && !(e instanceof HttpError) && repo.isUniqueViolation(e)) {
      const existing = await repo.findOrderIdByIdempotencyKey(db, userId, idempotencyKey);
      if (existing !== null) return answer(existing);
    }
    throw e;
  }
  if (outcome.attempt && outcome.row) {
    // The operator is called after the commit (with the order as it was committed): an unreachable operator leaves the
    // order kept (503 with its id).
    return registerAttempt(db, outcome.attempt, outcome.row, user.email, language ?? user.locale ?? 'en');
  }
  return answer(orderId);
}

/** The caller's cart priced in the laboratory (the cart's own `priceUserCart`); 409 for an empty cart or analyses the laboratory does not sell. */
async function priceOrderCart(db: Db, userId: number, laboratoryId: string) {
  const { priced, lines } = await priceUserCart(db, userId, laboratoryId);
  if (!lines.length) throw conflict(EMPTY_CART_MESSAGE);
  if (priced.unpricedAnalysisIds.length) {
    const names = (await findAnalysisRules(db, priced.unpricedAnalysisIds)).map((a) => a.name);
    throw conflict(`Some analyses in your cart are not available in the selected laboratory: ${names.join(', ')}. Remove them from the cart.`, undefined, ERROR_CODES.notSoldInLaboratory);
  }
  return priced;
}

/** `POST order/promo`: what the code takes off the caller's cart in the laboratory (checked like at submission). */
export async function quotePromo(db: Db, userId: number, laboratoryId: string, code: string, ip = 'unknown'): Promise<PromoQuoteDto> {
  const laboratory = await findLaboratory(db, laboratoryId);
  if (!laboratory) throw badRequest('Unknown laboratory', { laboratoryId: 'Unknown laboratory' });
  const priced = await priceOrderCart(db, userId, laboratoryId);
  const promo = await promoGuess(db, userId, ip, () => checkPromo(db, userId, laboratoryId, code, priced.totalMinor));
  return { promoCode: promo.code, discount: toMajor(discountFor(promo, priced.totalMinor)), subtotal: toMajor(priced.totalMinor), currency: priced.currency };
}

/**
 * The order's visit as an iCalendar object for its owner (`REQUEST`, or `CANCEL` once cancelled),
 * in the user's language; 404 for another user's order.
 */
export async function orderCalendar(db: Db, userId: number, orderId: number, method: 'REQUEST' | 'CANCEL', requestLanguage?: Language): Promise<string> {
  const [user, order, row] = await Promise.all([repo.findUserForOrder(db, userId), getOrderSummary(db, userId, orderId), repo.findOwnOrder(db, userId, orderId)]);
  if (!user || !row) throw notFound('Order not found');
  return visitCalendar({ user, order, sequence: row.calendar_sequence, lab: await findLaboratory(db, order.laboratory.id) }, method, mailLanguage(requestLanguage ?? user.locale));
}

interface CalendarFacts {
  user: NonNullable<Awaited<ReturnType<typeof repo.findUserForOrder>>>;
  order: ShopOrderDto;
  sequence: number;
  lab: Awaited<ReturnType<typeof findLaboratory>>;
}

/** The visit's iCalendar object from what the caller has already read (no second read of the order). */
function visitCalendar({ user, order, sequence, lab }: CalendarFacts, method: 'REQUEST' | 'CANCEL', language: Language): string {
  const t = mailTranslator(language);
  const prep = order.preparation;
  const description = [
    t('order.prepare'),
    ...preparationLines(prep, t),
    '',
    t('order.link', { link: buildAppUrl(`/orders/${order.id}`) }),
  ].join('\n');
  const config = getConfig();
  return buildVisitCalendar({
    orderId: order.id,
    uidDomain: new URL(config.appUrl).hostname,
    sequence,
    method,
    start: order.visit.start,
    end: order.visit.end,
    timeZone: timeZoneOf(lab?.country ?? 'PL'),
    summary: t('calendar.summary', { number: order.number }),
    location: addressLine(order.address, t),
    description,
    url: buildAppUrl(`/orders/${order.id}`),
    organizer: { name: lab ? `Lab shop ${lab.city_name}` : 'Lab shop', email: lab?.email || config.mailFrom.replace(/^.*<|>.*$/g, '') },
    attendee: { name: `${user.first_name} ${user.last_name}`.trim() || user.email, email: user.email },
  });
}

/** `GET orders/{id}/calendar.ics`: the current event (cancelled orders answer METHOD:CANCEL). */
export async function orderCalendarFile(db: Db, userId: number, orderId: number, language?: Language): Promise<{ fileName: string; content: string }> {
  const row = await repo.findOwnOrder(db, userId, orderId);
  if (!row) throw notFound('Order not found');
  const content = await orderCalendar(db, userId, orderId, row.status === 'cancelled' ? 'CANCEL' : 'REQUEST', language);
  return { fileName: `visit-${row.number}.ics`, content };
}

async function sendOrderConfirmation(db: Db, userId: number, orderId: number, requestLanguage?: Language): Promise<void> {
  const user = await repo.findUserForOrder(db, userId);
  const order = await getOrderSummary(db, userId, orderId);
  if (!user) return;
  const language = mailLanguage(requestLanguage ?? user.locale);
  const t = mailTranslator(language);
  const lab = await findLaboratory(db, order.laboratory.id);
  const mail = orderConfirmationMail(
    {
      name: user.first_name,
      number: order.number,
      when: formatVisit(order.visit.start, order.visit.end, timeZoneOf(lab?.country ?? 'PL'), intlLocale(language)),
      where: addressLine(order.address, t),
      money: orderMoneyLines(order, t, language),
      preparation: localOrderPreparation(order.preparation, language),
      orderLink: buildAppUrl(`/orders/${order.id}`),
    },
    t,
  );
  // The order's row was just written in this transaction: its calendar sequence is the first, 0.
  const ics = visitCalendar({ user, order, sequence: 0, lab }, 'REQUEST', language);
  await queueMail(db, { kind: 'orderConfirmation', to: user.email, laboratoryId: order.laboratory.id, ...mail, icalEvent: { method: 'REQUEST', filename: `visit-${order.number}.ics`, content: ics } });
}

/** The caller's submitted order for the order-submitted page (another user's order is 404). */
export async function getOrderSummary(db: Db, userId: number, orderId: number): Promise<ShopOrderDto> {
  const order = await repo.findOwnOrder(db, userId, orderId);
  if (!order) throw notFound('Order not found');
  const [lab, slot, lines, materials] = await Promise.all([
    findLaboratory(db, order.laboratory_id),
    findSlot(db, order.slot_id),
    repo.findOrderLines(db, order.id),
    repo.findOrderMaterials(db, order.id),
  ]);
  const names = await orderNamesI18n(db, lines.map((l) => l.analysis_id), materials.map((m) => m.material_id));
  const patients = linesByPatient(
    lines,
    (l): ShopOrderPatientDto & { subtotalMinor: number } => ({ patientId: l.patient_id, firstName: l.first_name, lastName: l.last_name, lines: [], materials: [], subtotal: 0, subtotalMinor: 0 }),
    (p, l) => {
      p.lines.push({ analysisId: l.analysis_id, code: l.code, name: l.name, ...i18nOf(names.analyses, l.analysis_id), profileId: l.profile_id, price: toMajor(l.price_minor) });
      p.subtotalMinor += l.price_minor;
    },
  );
  for (const m of materials) {
    const p = patients.get(m.patient_id);
    if (!p) continue;
    p.materials.push({ materialId: m.material_id, name: m.name, ...i18nOf(names.materials, m.material_id), bought: m.bought === 1, price: toMajor(m.price_minor) });
    p.subtotalMinor += m.price_minor;
  }
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.created_at,
    paymentMode: PAYMENT_MODE,
    laboratory: { ...orderLaboratoryDto(order.laboratory_id, lab), email: lab?.email ?? '' },
    visit: visitDto(order, slot, timeZoneOf(lab?.country ?? '')),
    address: orderAddressDto(order),
    feedback: orderFeedbackDto(order),
    currency: order.currency,
    subtotal: toMajor(order.subtotal_minor),
    deliveryPrice: toMajor(order.delivery_price_minor),
    promoCode: order.promo_code,
    discount: toMajor(order.discount_minor),
    total: toMajor(order.total_minor),
    patients: [...patients.values()].map(({ subtotalMinor, ...p }) => ({ ...p, subtotal: toMajor(subtotalMinor) })),
    preparation: orderPreparationDto(lines, names.analyses),
    payment: await paymentDto(db, order),
  };
}
