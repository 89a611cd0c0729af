import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { conflict, forbidden, notFound } from '@/server/http/errors';
import * as ordersRepo from '@/server/orders/repositories/orders';
import * as paymentsRepo from './repositories/payments';
import { loadMoneyFacts, paidMinor } from './invariant';
import { queuePaymentMail } from './mails';
import { recordAudit } from '@/server/audit/audit';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import { inWriteTransaction } from '@/server/db/transactions';
import { insertVisitPayment, visitSessionId, type VisitPaymentMethod } from '@/server/visits/repositories/visitPayments';
import { unpaidOnVisit } from '@/server/visits/visitMoney';
import { getVisit, isNurseOfVisit } from '@/server/visits/nurseVisits';
import type { NurseVisitDto } from '@/shared/types/staff';

/**
 * The money at the door (docs/backend.md, "The nurse knows the money"): the nurse's card says the
 * order was paid online or how much to collect; for an order paid on the visit the nurse records the
 * payment taken (cash or card). It is a verified payment of the order in the payments tables, so the
 * money invariant holds (paid = the sum of verified payments): the order reads paid, the patient's
 * page offers the receipt, and the "payment received" mail goes through the job queue.
 */

export const VISIT_PAYMENT_REFUSALS = {
  notTheNurse: 'Only the nurse assigned to the visit records its payment',
  online: 'This order is paid online; there is nothing to collect',
  cancelled: 'This order is cancelled; there is nothing to collect',
  nothingDue: 'Nothing is due for this visit',
} as const;

/**
 * POST staff/visits/{orderId}/payment: the assigned nurse records the payment taken at the visit. Only
 * for an order paid on the visit and not paid yet; asked again (also with the other method) it answers
 * the first record and writes nothing. Answers the visit as the card shows it.
 */
export async function recordVisitPayment(db: Db, user: AuthUser, orderId: number, method: VisitPaymentMethod, ip: string, now = new Date()): Promise<NurseVisitDto> {
  const seen = await ordersRepo.getOrder(db, orderId);
  if (!seen || !(isStaffOf(user, seen.laboratory_id) || isNurseOfVisit(user, seen))) throw notFound(ORDER_NOT_FOUND);
  if (!isNurseOfVisit(user, seen)) throw forbidden(VISIT_PAYMENT_REFUSALS.notTheNurse);
  await inWriteTransaction(db, async (trx) => {
    const order = await ordersRepo.lockOrder(trx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const already = await paymentsRepo.findAttemptBySession(trx, visitSessionId(orderId));
    if (already) return;
    if (order.payment_method !== 'on_visit') throw conflict(VISIT_PAYMENT_REFUSALS.online);
    if (order.status === 'cancelled') throw conflict(VISIT_PAYMENT_REFUSALS.cancelled);
    if (!unpaidOnVisit(order)) throw conflict(VISIT_PAYMENT_REFUSALS.nothingDue);
    const at = now.toISOString();
    const attempt = await insertVisitPayment(trx, { orderId, method, amountMinor: order.total_minor, currency: order.currency }, at);
    // A parallel record won the unique session: it is the first, this one writes nothing.
    if (!attempt) return;
    const facts = await loadMoneyFacts(trx, order);
    await paymentsRepo.setOrderPayment(trx, orderId, { paid_minor: paidMinor(facts), payment_status: 'paid', paid_at: at }, at);
    await recordAudit(trx, { action: 'payment_paid', actorKind: 'staff', actorUserId: user.id, orderId, laboratoryId: order.laboratory_id, ip, detail: `visit ${method} ${attempt.amount_minor} ${attempt.currency}` });
    await queuePaymentMail(trx, orderId, 'paidAtVisit', attempt.amount_minor, `visit-${orderId}`);
  });
  return getVisit(db, user, orderId);
}
