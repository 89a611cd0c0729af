import type { Db } from '@/server/db/createDb';
import type { VisitState } from '@/server/db/schema';
import type { NurseVisitDto } from '@/shared/types/results';
import { isNurse, type AuthUser } from '@/server/http/auth';
import { badRequest, conflict, forbidden, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import * as repo from '@/server/orders/repositories/orders';
import { changeStatus, collectSamplesByNurse } from '@/server/orders/transitions';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import { getVisit, isNurseOfVisit, markNotAtHome } from './nurseVisits';
import { actorOfUser, applyVisitState, checkVisitMove, defaultWindow, nurseFirstNameOf, VISIT_REFUSALS } from './visitStates';
import { VISIT_MESSAGES } from '@/shared/validation/visit';
import { noticeOnTheWay } from '@/server/notifications/notices';
import { MAX_ARRIVAL_WINDOW_MINUTES } from '@/shared/visitState';
import { actorOf, recordAudit, type AuditContext } from '@/server/audit/audit';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * POST staff/visits/{id}/state: the nurse's one-tap steps and the staff's corrections. "Samples
 * collected", "not at home" and "cancelled" go through the order's own actions (status, mail), which
 * move the visit with them; "on the way" keeps the announced arrival window.
 */

export const NURSE_VISIT_STEPS: readonly VisitState[] = ['on_the_way', 'arrived', 'collected', 'not_at_home'];
export const NURSE_STEP_REFUSED = 'A nurse can mark a visit on the way, arrived, collected or not at home';
export const MAX_WINDOW_MS = MAX_ARRIVAL_WINDOW_MINUTES * 60_000;

export interface VisitStateInput {
  state: VisitState;
  arrivalStart?: string;
  arrivalEnd?: string;
  reason?: string;
}

export async function setVisitState(db: Db, user: AuthUser, orderId: number, input: VisitStateInput, audit?: AuditContext, now = new Date()): Promise<NurseVisitDto> {
  const order = await repo.getOrder(db, orderId);
  const staff = !!order && isStaffOf(user, order.laboratory_id);
  if (!order || !(staff || isNurseOfVisit(user, order))) throw notFound(ORDER_NOT_FOUND);
  if (isNurse(user) && !NURSE_VISIT_STEPS.includes(input.state)) throw forbidden(NURSE_STEP_REFUSED);
  const reason = input.reason?.trim() ?? '';
  const correction = staff && reason !== '';
  const to = input.state;
  if (to === 'on_the_way' || input.arrivalStart || input.arrivalEnd) {
    if (to !== 'on_the_way') throw badRequest(VISIT_MESSAGES.windowInvalid, { arrivalStart: VISIT_MESSAGES.windowInvalid }, ERROR_CODES.arrivalWindowInvalid);
  }
  // The rules before the order's own action (each nurse step only on the visit's day, in its own words); "on the way" is checked as it is written.
  if (!correction && to !== 'on_the_way') await checkVisitMove(db, order, to, now);
  if (correction && order.visit_state === to) throw conflict(VISIT_REFUSALS.same, undefined, ERROR_CODES.visitSame);

  if (to === 'collected' && order.status !== 'sample_collected' && !correction) {
    // The order's own move (orders/transitions.ts); the visit follows it. A nurse's mark passes through "visit confirmed".
    if (isNurse(user)) await collectSamplesByNurse(db, orderId, user.id, reason);
    else await changeStatus(db, orderId, 'sample_collected', user.id, reason);
  } else if (to === 'not_at_home' && !correction) {
    await markNotAtHome(db, user, orderId, reason, undefined, now);
  } else if (to === 'cancelled' && order.status !== 'cancelled' && !correction) {
    await changeStatus(db, orderId, 'cancelled', user.id, reason, now);
  } else {
    const window = to === 'on_the_way' ? defaultWindow(now, input.arrivalStart, input.arrivalEnd) : undefined;
    if (window) {
      const length = Date.parse(window.end) - Date.parse(window.start);
      if (length <= 0 || length > MAX_WINDOW_MS) throw badRequest(VISIT_MESSAGES.windowInvalid, { arrivalEnd: VISIT_MESSAGES.windowInvalid }, ERROR_CODES.arrivalWindowInvalid);
    }
    await inWriteTransaction(db, async (trx) => {
      const current = await repo.lockOrder(trx, orderId);
      if (!current) throw notFound(ORDER_NOT_FOUND);
      await applyVisitState(trx, current, to, actorOfUser(user), { reason, window, correction, now });
      // "Your nurse is on the way, arriving 8:10-8:40": by mail and push, once per announced window.
      if (to === 'on_the_way' && window && !correction) {
        await noticeOnTheWay(trx, current, window, current.nurse_user_id ? await nurseFirstNameOf(trx, current.nurse_user_id) : null, now);
      }
    });
  }
  const visit = await getVisit(db, user, orderId);
  if (audit) await recordAudit(db, { action: 'health_write', ...actorOf(audit.actor), orderId, ip: audit.ip, detail: `visit ${input.state}` });
  return visit;
}
