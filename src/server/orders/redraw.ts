import type { Db } from '@/server/db/createDb';
import { ERROR_CODES } from '@/shared/errorCodes';
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors';
import { SLOT_FULL_MESSAGE } from '@/shared/validation/order';
import type { RedrawBody } from '@/shared/validation/rejections';
import * as repo from '@/server/orders/repositories/orders';
import * as rejectionsRepo from '@/server/orders/repositories/rejections';
import { bookSlot, findSlot } from '@/server/visits/repositories/slots';
import { ORDER_NOT_FOUND } from './orderAccess';
import { redrawDeadline } from './rejections';
import { scheduleVisitReminder } from './visitReminderSchedule';
import { recordPlaced } from './transitions';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * `POST orders/{id}/redraw`: the free second visit for an order's rejected samples. A linked order
 * (`redraw_of`) at the same address with only the rejected analyses, total 0, nothing to pay, and a
 * visit booked under the same slot rules as any order. One per order: a second call answers the first.
 */

export const NOTHING_REJECTED = 'No sample of this order was rejected';
export const REDRAW_EXPIRED = 'The free redraw can no longer be booked; please contact the laboratory';

export async function bookRedraw(db: Db, userId: number, orderId: number, input: RedrawBody, now = new Date()): Promise<{ orderId: number; created: boolean }> {
  const slot = await findSlot(db, input.orderSlotId);
  try {
    return await inWriteTransaction(db, async (trx) => {
      const order = await repo.lockOrder(trx, orderId);
      if (!order || order.user_id !== userId) throw notFound(ORDER_NOT_FOUND);
      const existing = await rejectionsRepo.findRedrawOf(trx, order.id);
      if (existing) return { orderId: existing.id, created: false };
      const rejected = (await rejectionsRepo.listRejections(trx, [order.id])).filter((r) => r.staff_task === 0);
      if (!rejected.length || order.status === 'cancelled') throw conflict(NOTHING_REJECTED, undefined, ERROR_CODES.nothingRejected);
      if (Date.parse(redrawDeadline(rejected) as string) <= now.getTime()) throw conflict(REDRAW_EXPIRED, undefined, ERROR_CODES.redrawExpired);
      if (!slot || slot.laboratory_id !== order.laboratory_id) {
        throw badRequest('The selected visit time is not offered by this laboratory', { orderSlotId: 'Choose another visit time' }, ERROR_CODES.slotNotOffered);
      }
      if (slot.start_at <= now.toISOString()) throw badRequest('The selected visit time has already passed, please choose another', { orderSlotId: 'Choose another visit time' }, ERROR_CODES.slotPassed);
      if (Date.parse(input.nurseCheckoutDate) !== Date.parse(slot.start_at)) {
        throw badRequest('The visit date does not match the selected visit time', { nurseCheckoutDate: 'Choose the visit time again' }, ERROR_CODES.visitDateMismatch);
      }
      if (!(await bookSlot(trx, slot.id))) throw conflict(SLOT_FULL_MESSAGE, { orderSlotId: SLOT_FULL_MESSAGE }, ERROR_CODES.slotFull);
      const at = now.toISOString();
      const redraw = await repo.insertOrder(trx, {
        user_id: order.user_id,
        laboratory_id: order.laboratory_id,
        slot_id: slot.id,
        status: 'placed',
        currency: order.currency,
        subtotal_minor: 0,
        delivery_price_minor: 0,
        total_minor: 0,
        payment_mode: order.payment_mode,
        payment_method: 'on_visit',
        payment_status: 'on_visit',
        nurse_checkout_date: slot.start_at,
        address_country: order.address_country,
        address_city: order.address_city,
        address_postal_code: order.address_postal_code,
        address_street: order.address_street,
        address_entry: order.address_entry,
        address_floor: order.address_floor,
        address_apartment: order.address_apartment,
        address_intercom_code: order.address_intercom_code,
        address_notes: order.address_notes,
        feedback_use_email: order.feedback_use_email,
        feedback_use_phone: order.feedback_use_phone,
        feedback_quick_phone: order.feedback_quick_phone,
        idempotency_key: null,
        redraw_of: order.id,
        created_at: at,
        updated_at: at,
      });
      await repo.insertOrderLines(trx, redraw.id, rejected.map((r) => ({ patientId: r.patient_id, analysisId: r.analysis_id, profileId: null, priceMinor: 0 })));
      await repo.freezeOrderPatients(trx, redraw.id);
      await recordPlaced(trx, redraw.id, userId, at, `Free redraw of order ${order.number}`);
      await scheduleVisitReminder(trx, redraw.id, slot.start_at, now, order.laboratory_id);
      return { orderId: redraw.id, created: true };
    });
  } catch (e) {
    // Two bookings at once: the one that lost the unique redraw_of answers the winner's order.
    if (!(e instanceof HttpError) && repo.isUniqueViolation(e)) {
      const existing = await rejectionsRepo.findRedrawOf(db, orderId);
      if (existing) return { orderId: existing.id, created: false };
    }
    throw e;
  }
}
