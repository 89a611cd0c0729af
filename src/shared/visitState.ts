/**
 * The home visit's own states (beside the order's status): booked -> nurse_assigned -> on_the_way
 * -> arrived -> collected | not_at_home | cancelled. A visit moves forward only (steps may be
 * skipped); the last three are final. "Not at home" is possible once the nurse has arrived, or from
 * 15 minutes after the slot's start; "on the way" only on the visit's day (in the laboratory's time
 * zone). Staff may correct a visit to any other state when they give a reason. Shared by the
 * server's rules and the patient's timeline.
 */
export const VISIT_STATES = ['booked', 'nurse_assigned', 'on_the_way', 'arrived', 'collected', 'not_at_home', 'cancelled'] as const;
export type VisitStateDto = (typeof VISIT_STATES)[number];

/** The states of the timeline's path, in order (a visit ends in one of the three final states). */
export const VISIT_PATH: readonly VisitStateDto[] = ['booked', 'nurse_assigned', 'on_the_way', 'arrived', 'collected'];

export const FINAL_VISIT_STATES: readonly VisitStateDto[] = ['collected', 'not_at_home', 'cancelled'];

/** Minutes after the slot's start from which a nurse who has not arrived may mark "not at home". */
export const NOT_AT_HOME_GRACE_MINUTES = 15;

/**
 * "On my way": the expected arrival is by default now plus the travel estimate, as a window of
 * ARRIVAL_WINDOW_MINUTES; a window announced by the nurse may be at most MAX_ARRIVAL_WINDOW_MINUTES
 * long. The nurse's dialog and the server read these.
 */
export const TRAVEL_ESTIMATE_MINUTES = 20;
export const ARRIVAL_WINDOW_MINUTES = 30;
export const MAX_ARRIVAL_WINDOW_MINUTES = 180;

const RANK: Record<VisitStateDto, number> = { booked: 0, nurse_assigned: 1, on_the_way: 2, arrived: 3, collected: 4, not_at_home: 4, cancelled: 4 };

export const isFinalVisitState = (s: VisitStateDto) => FINAL_VISIT_STATES.includes(s);

export type VisitRefusal = 'same' | 'final' | 'backwards' | 'not_at_home_too_early' | 'not_visit_day';

export interface VisitFacts {
  /** The slot's start (UTC ISO instant). */
  slotStart: string;
  /** The local day (YYYY-MM-DD) of the slot's start and of now, in the laboratory's time zone. */
  slotDay: string;
  today: string;
  now: Date;
}

/** Why a visit may not move from `from` to `to` without a staff correction (null: it may). */
export function visitRefusal(from: VisitStateDto, to: VisitStateDto, facts: VisitFacts): VisitRefusal | null {
  if (from === to) return 'same';
  if (isFinalVisitState(from)) return 'final';
  if (RANK[to] <= RANK[from]) return 'backwards';
  if (to === 'on_the_way' && facts.today !== facts.slotDay) return 'not_visit_day';
  if (to === 'not_at_home' && from !== 'arrived') {
    const from15 = new Date(facts.slotStart).getTime() + NOT_AT_HOME_GRACE_MINUTES * 60_000;
    if (facts.now.getTime() < from15) return 'not_at_home_too_early';
  }
  return null;
}
