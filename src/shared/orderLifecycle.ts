import type { OrderStatusDto } from '@/shared/types/results';

/**
 * The order lifecycle as a pure rule, shared by the server (which enforces it) and the staff console
 * (which offers only the allowed steps):
 *
 *   placed -> visit_confirmed -> sample_collected -> in_lab -> [partial_results] -> completed
 *   and cancelled from any state before completion.
 *
 * Only forward steps, one at a time; partial_results may be skipped. Nothing changes after cancelled
 * or completed. completed needs a result for every ordered line, partial_results at least one.
 */
export const STATUS_FLOW: readonly OrderStatusDto[] = ['placed', 'visit_confirmed', 'sample_collected', 'in_lab', 'partial_results', 'completed'];

export const FINAL_STATUSES: readonly OrderStatusDto[] = ['completed', 'cancelled'];

/** Statuses in which results may be entered or imported. */
export const RESULT_ENTRY_STATUSES: readonly OrderStatusDto[] = ['sample_collected', 'in_lab', 'partial_results', 'completed'];

/** Statuses in which the patient may still cancel or move the visit (before the 24-hour limit). */
export const VISIT_CHANGE_STATUSES: readonly OrderStatusDto[] = ['placed', 'visit_confirmed'];

/** The patient may cancel or move the visit until this long before it. */
export const VISIT_CHANGE_LIMIT_MS = 24 * 60 * 60 * 1000;

/** A visit can be booked this many local days ahead (today included): the slots kept ahead and the days checkout shows. */
export const VISIT_BOOKING_DAYS = 30;

/** Moving a visit offers the free times of this many days after the change limit. */
export const RESCHEDULE_DAYS = 14;

export interface TransitionFacts {
  /** Ordered (patient, analysis) lines. */
  lineCount: number;
  /** Lines that have a result. */
  resultCount: number;
  /** Lines whose result is final (not preliminary); the same as resultCount when not given. */
  finalCount?: number;
}

/** Every line has a final result. */
const allFinal = (facts: TransitionFacts): boolean => facts.lineCount > 0 && (facts.finalCount ?? facts.resultCount) >= facts.lineCount;

export type TransitionRefusal =
  | 'final'
  | 'same'
  | 'backwards'
  | 'skips'
  | 'needs_all_results'
  | 'needs_results';

const FORWARD: Record<OrderStatusDto, readonly OrderStatusDto[]> = {
  placed: ['visit_confirmed'],
  visit_confirmed: ['sample_collected'],
  sample_collected: ['in_lab'],
  in_lab: ['partial_results', 'completed'],
  partial_results: ['completed'],
  completed: [],
  cancelled: [],
};

/** Why `from -> to` is not allowed, or null when it is. */
export function transitionRefusal(from: OrderStatusDto, to: OrderStatusDto, facts: TransitionFacts): TransitionRefusal | null {
  if (FINAL_STATUSES.includes(from)) return 'final';
  if (from === to) return 'same';
  if (to === 'cancelled') return null;
  if (STATUS_FLOW.indexOf(to) < STATUS_FLOW.indexOf(from)) return 'backwards';
  if (!FORWARD[from].includes(to)) return 'skips';
  if (to === 'completed' && !allFinal(facts)) return 'needs_all_results';
  if (to === 'partial_results' && facts.resultCount === 0) return 'needs_results';
  return null;
}

export const canTransition = (from: OrderStatusDto, to: OrderStatusDto, facts: TransitionFacts): boolean =>
  transitionRefusal(from, to, facts) === null;

/** Every status the order may move to now (forward first, cancelled last). */
export function nextStatuses(from: OrderStatusDto, facts: TransitionFacts): OrderStatusDto[] {
  return [...FORWARD[from], 'cancelled' as const].filter((to) => canTransition(from, to, facts));
}

/**
 * The status an order reaches after results were entered: partial_results while some lines have
 * no result, completed when all have. Earlier states pass through in_lab. Returns the steps to
 * take in order (empty when nothing changes).
 */
export function stepsAfterResults(from: OrderStatusDto, facts: TransitionFacts): OrderStatusDto[] {
  if (FINAL_STATUSES.includes(from) || facts.resultCount === 0) return [];
  const target: OrderStatusDto = allFinal(facts) ? 'completed' : 'partial_results';
  const steps: OrderStatusDto[] = [];
  let at = from;
  if (at === 'sample_collected') {
    steps.push('in_lab');
    at = 'in_lab';
  }
  if (at === target) return steps;
  if (canTransition(at, target, facts)) steps.push(target);
  return steps;
}

/** The last moment the patient may cancel or move a visit starting at `visitStart`. */
export function visitChangeDeadline(visitStart: string): Date {
  return new Date(new Date(visitStart).getTime() - VISIT_CHANGE_LIMIT_MS);
}

export function canChangeVisit(status: OrderStatusDto, visitStart: string, now: Date = new Date()): boolean {
  return VISIT_CHANGE_STATUSES.includes(status) && now.getTime() <= visitChangeDeadline(visitStart).getTime();
}
