import type { Db } from '@/server/db/createDb';
import type { VisitState } from '@/server/db/schema';
import type { NurseVisitDto, NurseVisitStateDto } from '@/shared/types/results';
import { isNurse, type AuthUser } from '@/server/http/auth';
import { badRequest, conflict, forbidden, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import * as repo from '@/server/orders/repositories/orders';
import { changeStatus, collectSamplesByNurse } from '@/server/orders/transitions';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import { isNurseOfVisit, notAtHome, visitOf, visitStateOf } from './nurseVisits';
import { actorOfUser, applyVisitState, checkVisitMove, defaultWindow, isNewWindow, nurseFirstNameOf, VISIT_REFUSALS } from './visitStates';
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

/**
 * The answer: the whole card (`card`, the default) or only what the move changed on it (`state`,
 * asked for with `Prefer: return=minimal`: the nurse's own card already holds the rest, so the
 * patients, materials, needs and money at the door are not read again).
 */
export type VisitStateAnswer = 'card' | 'state';

export async function setVisitState(db: Db, user: AuthUser, orderId: number, input: VisitStateInput, audit?: AuditContext, answer: VisitStateAnswer = 'card', now = new Date()): Promise<NurseVisitDto | NurseVisitStateDto> {
  const reason = input.reason?.trim() ?? '';
  const to = input.state;
  /*
   * The order is read once, under its lock (FOR UPDATE on PostgreSQL; on SQLite the write
   * transaction's BEGIN IMMEDIATE), and that row serves access, the rules, the move and the answer.
   * A second request on the same visit waits at the lock and then reads the state this one wrote, so
   * the rule it runs is the rule of the current state (a double tap of "arrived" is 409 visit_same).
   * The move itself stays a compare-and-set on the state read (moveVisitState: 409 changedMeanwhile)
   * against writers that move the visit without this lock. A refused request has written nothing.
   */
  const order = await inWriteTransaction(db, async (trx) => {
    const current = await repo.lockOrder(trx, orderId);
    const staff = !!current && isStaffOf(user, current.laboratory_id);
    if (!current || !(staff || isNurseOfVisit(user, current))) throw notFound(ORDER_NOT_FOUND);
    if (isNurse(user) && !NURSE_VISIT_STEPS.includes(to)) throw forbidden(NURSE_STEP_REFUSED);
    const correction = staff && reason !== '';
    if (to !== 'on_the_way' && (input.arrivalStart || input.arrivalEnd)) throw badRequest(VISIT_MESSAGES.windowInvalid, { arrivalStart: VISIT_MESSAGES.windowInvalid }, ERROR_CODES.arrivalWindowInvalid);
    if (correction && current.visit_state === to) throw conflict(VISIT_REFUSALS.same, undefined, ERROR_CODES.visitSame);
    const window = to === 'on_the_way' ? defaultWindow(now, input.arrivalStart, input.arrivalEnd) : undefined;
    if (window) {
      const length = Date.parse(window.end) - Date.parse(window.start);
      if (length <= 0 || length > MAX_WINDOW_MS) throw badRequest(VISIT_MESSAGES.windowInvalid, { arrivalEnd: VISIT_MESSAGES.windowInvalid }, ERROR_CODES.arrivalWindowInvalid);
    }
    // The visit's rules, once per request and before the order's own actions (each nurse step only on
    // the visit's day, in its own words); not for a staff correction nor a new window of "on the way".
    if (!correction && !isNewWindow(current.visit_state, to)) await checkVisitMove(trx, current, to, now);

    if (to === 'collected' && current.status !== 'sample_collected' && !correction) {
      // The order's own move (orders/transitions.ts), joining this transaction; the visit follows it. A nurse's mark passes through "visit confirmed".
      if (isNurse(user)) await collectSamplesByNurse(trx, orderId, user.id, reason);
      else await changeStatus(trx, orderId, 'sample_collected', user.id, reason);
    } else if (to === 'not_at_home' && !correction) {
      await notAtHome(trx, user, current, reason, now, { ruleChecked: true });
    } else if (to === 'cancelled' && current.status !== 'cancelled' && !correction) {
      await changeStatus(trx, orderId, 'cancelled', user.id, reason, now);
    } else {
      const moved = await applyVisitState(trx, current, to, actorOfUser(user), { reason, window, correction, now, ruleChecked: true });
      // "Your nurse is on the way, arriving 8:10-8:40": by mail and push, once per announced window.
      if (to === 'on_the_way' && window && !correction) {
        await noticeOnTheWay(trx, current, window, current.nurse_user_id ? await nurseFirstNameOf(trx, current.nurse_user_id) : null, now);
      }
      // The row as the move wrote it: the answer needs no second read.
      return moved;
    }
    // The order's own actions write more than the visit's state (status, "not at home"): the answer
    // reads what they wrote, still under the lock.
    const after = await repo.getOrder(trx, orderId);
    if (!after) throw notFound(ORDER_NOT_FOUND);
    return after;
  });
  const visit = answer === 'state' ? await visitStateOf(db, order, now) : await visitOf(db, user, order, now);
  if (audit) await recordAudit(db, { action: 'health_write', ...actorOf(audit.actor), orderId, ip: audit.ip, detail: `visit ${input.state}` });
  return visit;
}
