import type { Db } from '@/server/db/createDb';
import type {
  OrderDetailDto,
  OrderEventDto,
  OrderPatientDto,
  OrderSummaryDto,
} from '@/shared/types/results';
import { isCurrency, DEFAULT_CURRENCY, toMajor } from '@/shared/money';
import { canChangeVisit, visitChangeDeadline } from '@/shared/orderLifecycle';
import type { AuthUser } from '@/server/http/auth';
import { isStaffOf, ORDER_NOT_FOUND } from './orderAccess';
import { conflict, notFound } from '@/server/http/errors';
import { getConfig } from '@/server/config';
import { queueMail } from '@/server/mail/queueMail';
import { intlLocale } from '@/shared/i18n';
import { mailLanguage, mailTranslator } from '@/server/mail/i18n';
import { orderAddressDto, orderCalendar, orderFeedbackDto, visitDto } from './orders';
import { orderLaboratoryDto } from '@/server/laboratories/laboratories';
import { orderPreparationDto } from './orderDtos';
import { i18nOf, orderNamesI18n } from '@/server/catalogue/catalogueNames';
import { linesByPatient } from './linesByPatient';
import { formatVisit } from '@/server/mail/templates/common';
import { visitChangeMail } from '@/server/mail/templates/visitChange';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import * as repo from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import { findPanels, lineResultState } from '@/server/results/panels';
import * as resultsRepo from '@/server/results/repositories/results';
import { visitTracking } from '@/server/visits/visitStates';
import { addWorkingDays } from './workingDays';
import { localDay } from '@/server/laboratories/laboratoryTime';
import { paymentDto } from '@/server/payments/payments';
import { recordHealthReadByOther } from '@/server/audit/audit';
import { sampleView } from './rejections';
import type { Language } from '@/shared/i18n';
import { inWriteTransaction } from '@/server/db/transactions';
import { checkInOffersMove } from './checkIn';
import { cancelByPatient, moveVisit, VISIT_CHANGE_CLOSED } from './transitions';

/**
 * The patient's side of an order after it is placed: the view of their orders, and the cancel and
 * visit move as use cases (their rules here, the moves themselves in ./transitions.ts, which owns
 * every status change), with the calendar mails that follow them.
 */

export const SLOT_NOT_FOUND = 'Visit time not found';
export const SLOT_TOO_LATE = 'Choose a visit time at least 24 hours from now';
export const SAME_SLOT = 'The visit is already at this time';

/* ---------- access ---------- */



/**
 * Only the ordering user and staff of the order's laboratory reach an order; anyone else gets 404.
 * Access granted to anyone but the owner is audited (`detail`: what was opened; null when the caller
 * audits once it has found what was asked for).
 */
export async function loadReadableOrder(db: Db, user: AuthUser, orderId: number, detail: string | null = 'order'): Promise<repo.OrderRow> {
  const order = await repo.getOrder(db, orderId);
  if (!order || (order.user_id !== user.id && !isStaffOf(user, order.laboratory_id))) throw notFound(ORDER_NOT_FOUND);
  if (detail) await recordHealthReadByOther(db, user, order, detail);
  return order;
}

async function loadOwnOrder(db: Db, userId: number, orderId: number, lock = false): Promise<repo.OrderRow> {
  const order = lock ? await repo.lockOrder(db, orderId) : await repo.getOrder(db, orderId);
  if (!order || order.user_id !== userId) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/* ---------- shapes (rows become DTOs here) ---------- */

export function eventDto(e: repo.EventRow, orderUserId: number): OrderEventDto {
  const actor: OrderEventDto['actor'] =
    e.actor_user_id === null ? 'system' : e.actor_user_id === orderUserId ? 'patient' : e.actor_role === 'staff' ? 'staff' : 'patient';
  return { status: e.status, at: e.at, note: e.note, actor };
}

function currencyOf(order: repo.OrderRow) {
  return isCurrency(order.currency) ? order.currency : DEFAULT_CURRENCY;
}

async function summaries(db: Db, orders: repo.OrderRow[]): Promise<{ list: OrderSummaryDto[]; lines: Awaited<ReturnType<typeof repo.listLines>> }> {
  const ids = orders.map((o) => o.id);
  const [slots, labs, lines, results] = await Promise.all([
    findSlotsByIds(db, orders.map((o) => o.slot_id)),
    findLaboratoriesByIds(db, orders.map((o) => o.laboratory_id)),
    repo.listLines(db, ids),
    resultsRepo.listOrderResults(db, ids),
  ]);
  const panels = await findPanels(db, lines.map((l) => l.analysis_id));
  const list = orders.map((o) => {
    const own = lines.filter((l) => l.order_id === o.id);
    return {
      id: o.id,
      number: o.number,
      status: o.status,
      createdAt: o.created_at,
      visit: visitDto(o, slots.get(o.slot_id), timeZoneOf(labs.get(o.laboratory_id)?.country ?? '')),
      laboratory: orderLaboratoryDto(o.laboratory_id, labs.get(o.laboratory_id)),
      total: { price: toMajor(o.total_minor), currency: currencyOf(o) },
      patientCount: new Set(own.map((l) => l.patient_id)).size,
      analysisCount: own.length,
      // Lines with their result in (a panel's when every component's is).
      resultCount: own.filter((l) => lineResultState(l, panels, results.filter((r) => r.order_id === o.id)).has).length,
    };
  });
  return { list, lines };
}

/** The local day by which an analysis collected at `collectedAt` is expected: its turnaround in the laboratory's working days. */
function expectedByDay(collectedAt: string, execPeriod: number, country: string): string {
  return addWorkingDays(localDay(new Date(collectedAt), timeZoneOf(country)), execPeriod, country);
}

/* ---------- patient API ---------- */

/** GET orders: the caller's own orders, newest first. */
export async function listOrders(db: Db, userId: number): Promise<OrderSummaryDto[]> {
  return (await summaries(db, await repo.listUserOrders(db, userId))).list;
}

/** GET orders/{id}: lines per patient, timeline, visit, address and totals. */
export async function getOrderDetail(db: Db, user: AuthUser, orderId: number, now = new Date(), language: Language = 'en'): Promise<OrderDetailDto> {
  const order = await loadReadableOrder(db, user, orderId);
  const [{ list, lines }, events, results, materials, samples] = await Promise.all([
    summaries(db, [order]),
    repo.listEvents(db, order.id),
    resultsRepo.listOrderResults(db, [order.id]),
    repo.findOrderMaterials(db, order.id),
    sampleView(db, order, order.user_id === user.id, language, now),
  ]);
  const summary = list[0] as OrderSummaryDto;
  const [tracking, lab, names] = await Promise.all([
    visitTracking(db, order),
    findLaboratoriesByIds(db, [order.laboratory_id]).then((m) => m.get(order.laboratory_id)),
    orderNamesI18n(db, lines.map((l) => l.analysis_id), materials.map((m) => m.material_id)),
  ]);
  const panels = await findPanels(db, lines.map((l) => l.analysis_id));
  // Collected: the visit's "collected" event, or (orders older than the visit states) the status event.
  const collectedAt = [...tracking.events].reverse().find((e) => e.state === 'collected')?.at ?? events.find((e) => e.status === 'sample_collected')?.at ?? null;
  const expectedBy = (execPeriod: number) => (collectedAt ? expectedByDay(collectedAt, execPeriod, lab?.country ?? '') : null);
  const patients = linesByPatient(
    lines,
    (l): OrderPatientDto => ({
      id: l.patient_id,
      firstName: l.first_name,
      lastName: l.last_name,
      lines: [],
      materials: materials.filter((m) => m.patient_id === l.patient_id).map((m) => ({ materialId: m.material_id, name: m.name, ...i18nOf(names.materials, m.material_id), bought: m.bought === 1, price: toMajor(m.price_minor) })),
    }),
    (p, l) => {
      // A panel's line (the blood count) has its result when every component's is in.
      const result = lineResultState(l, panels, results);
      p.lines.push({
        analysisId: l.analysis_id,
        code: l.code,
        name: l.name,
        ...i18nOf(names.analyses, l.analysis_id),
        price: toMajor(l.price_minor),
        hasResult: result.has,
        expectedBy: expectedBy(l.exec_period),
        preliminary: result.has && !result.final,
        sample: samples.sampleOf(l.patient_id, l.analysis_id),
      });
    },
  );
  const expected = collectedAt && lines.length ? expectedBy(Math.max(...lines.map((l) => l.exec_period))) : null;
  // The lines above come by patient; in `id` order they are as placed (the cart's order).
  const placed = [...lines].sort((a, b) => a.id - b.id);
  return {
    ...summary,
    laboratory: { ...summary.laboratory, email: lab?.email ?? '' },
    visit: { ...summary.visit, ...tracking },
    expectedBy: expected,
    subtotal: toMajor(order.subtotal_minor),
    deliveryPrice: toMajor(order.delivery_price_minor),
    promoCode: order.promo_code,
    discount: toMajor(order.discount_minor),
    address: orderAddressDto(order),
    feedback: orderFeedbackDto(order),
    patients: [...patients.values()],
    patientIdsPlaced: [...new Set(placed.map((l) => l.patient_id))],
    preparation: orderPreparationDto(placed, names.analyses),
    events: events.map((e) => eventDto(e, order.user_id)),
    payment: await paymentDto(db, order),
    canChangeVisit: order.user_id === user.id && canChangeVisit(order.status, summary.visit.start, now),
    changeDeadline: visitChangeDeadline(summary.visit.start).toISOString(),
    redraw: samples.redraw,
    redrawOf: samples.redrawOf,
  };
}

/** POST orders/{id}/cancel: the patient cancels until 24 hours before the visit; the slot is freed. */
export async function cancelOrder(db: Db, userId: number, orderId: number, now = new Date()): Promise<OrderDetailDto> {
  await inWriteTransaction(db, async (trx) => {
    // The order row is locked first, so the slot released is the one the order holds now.
    const order = await loadOwnOrder(trx, userId, orderId, true);
    const slot = (await findSlotsByIds(trx, [order.slot_id])).get(order.slot_id);
    if (!canChangeVisit(order.status, slot?.start_at ?? order.nurse_checkout_date, now)) throw conflict(VISIT_CHANGE_CLOSED);
    if (!(await cancelByPatient(trx, order, userId, now))) throw conflict(VISIT_CHANGE_CLOSED);
    await mailVisitChange(trx, userId, orderId, 'cancelled');
  });
  return getOrderDetail(db, { id: userId, email: '', role: 'patient', staffLaboratoryId: null }, orderId, now);
}

/**
 * Mails the owner the updated calendar event after a move (same UID, higher SEQUENCE, METHOD:REQUEST)
 * or a cancellation (METHOD:CANCEL). A failed mail is logged, never undoes the change.
 */
async function mailVisitChange(db: Db, userId: number, orderId: number, change: 'moved' | 'cancelled'): Promise<void> {
  {
    const order = await repo.getOrder(db, orderId);
    const user = await repo.getUser(db, userId);
    if (!order || !user) return;
    const language = mailLanguage(user.locale);
    const t = mailTranslator(language);
    const slot = (await findSlotsByIds(db, [order.slot_id])).get(order.slot_id);
    const lab = (await findLaboratoriesByIds(db, [order.laboratory_id])).get(order.laboratory_id);
    const when = slot ? formatVisit(slot.start_at, slot.end_at, timeZoneOf(lab?.country ?? 'PL'), intlLocale(language)) : order.nurse_checkout_date;
    const method = change === 'moved' ? 'REQUEST' : 'CANCEL';
    const ics = await orderCalendar(db, userId, orderId, method, language);
    const mail = visitChangeMail({ change, name: user.first_name, number: order.number, when, orderLink: `${getConfig().appUrl}/orders/${order.id}` }, t);
    await queueMail(db, { kind: 'visitChange', to: user.email, laboratoryId: order.laboratory_id, ...mail, icalEvent: { method, filename: `visit-${order.number}.ics`, content: ics } });
  }
}

/**
 * POST orders/{id}/reschedule {slotId}: moves the visit to another free slot of the same
 * laboratory until 24 hours before the current visit (or, after a morning check-in that broke a
 * timing rule, until the visit starts). The new place is taken and the old one freed
 * in one transaction; 409 when the slot is full or it is too late.
 */
export async function rescheduleOrder(db: Db, userId: number, orderId: number, slotId: number, now = new Date()): Promise<OrderDetailDto> {
  await inWriteTransaction(db, async (trx) => {
    // The order row is locked first: a parallel move or cancellation waits and then sees this one's outcome.
    const order = await loadOwnOrder(trx, userId, orderId, true);
    const slots = await findSlotsByIds(trx, [order.slot_id, slotId]);
    const current = slots.get(order.slot_id);
    // A morning check-in that broke a timing rule offers a free move until the visit starts (checkIn.ts).
    if (!canChangeVisit(order.status, current?.start_at ?? order.nurse_checkout_date, now) && !(await checkInOffersMove(trx, order, current?.start_at ?? order.nurse_checkout_date, now))) throw conflict(VISIT_CHANGE_CLOSED);
    const next = slots.get(slotId);
    if (!next || next.laboratory_id !== order.laboratory_id) throw notFound(SLOT_NOT_FOUND);
    if (slotId === order.slot_id) throw conflict(SAME_SLOT);
    if (visitChangeDeadline(next.start_at).getTime() < now.getTime()) throw conflict(SLOT_TOO_LATE);
    await moveVisit(trx, order, next, userId, now);
    await mailVisitChange(trx, userId, orderId, 'moved');
  });
  return getOrderDetail(db, { id: userId, email: '', role: 'patient', staffLaboratoryId: null }, orderId, now);
}
