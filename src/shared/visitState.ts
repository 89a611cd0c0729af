/**
 * The home visit's own states (beside the order's status): booked -> nurse_assigned -> on_the_way
 * -> arrived -> collected | not_at_home | cancelled. A visit moves forward only (steps may be
 * skipped); the last three are final. "Not at home" is possible once the nurse has arrived, or from
 * 15 minutes after the slot's start; the nurse's steps (on the way, arrived, collected, not at home)
 * only on the visit's day (in the laboratory's time zone). Staff may correct a visit to any other
 * state when they give a reason. Shared by the server's rules and the patient's timeline.
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

/** The nurse's steps of a visit: each is taken only on the visit's day, in the laboratory's time zone. */
export const NURSE_STEPS = ['on_the_way', 'arrived', 'collected', 'not_at_home'] as const;
export type NurseStep = (typeof NURSE_STEPS)[number];

export const isNurseStep = (s: VisitStateDto): s is NurseStep => (NURSE_STEPS as readonly VisitStateDto[]).includes(s);

/** A nurse's step asked for outside the visit's day: one refusal per step, each said in its own words. */
export type NotVisitDayRefusal = 'not_visit_day' | 'arrived_not_visit_day' | 'collected_not_visit_day' | 'not_at_home_not_visit_day';

export const NOT_VISIT_DAY: Record<NurseStep, NotVisitDayRefusal> = {
  on_the_way: 'not_visit_day',
  arrived: 'arrived_not_visit_day',
  collected: 'collected_not_visit_day',
  not_at_home: 'not_at_home_not_visit_day',
};

export type VisitRefusal = 'same' | 'final' | 'backwards' | 'not_at_home_too_early' | NotVisitDayRefusal;

/** The refusal of a nurse's step outside the visit's day (null: the step is not a nurse's, or today is the day). */
export function visitDayRefusal(to: VisitStateDto, facts: Pick<VisitFacts, 'slotDay' | 'today'>): NotVisitDayRefusal | null {
  return isNurseStep(to) && facts.today !== facts.slotDay ? NOT_VISIT_DAY[to] : null;
}

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
  const notToday = visitDayRefusal(to, facts);
  if (notToday) return notToday;
  if (to === 'not_at_home' && from !== 'arrived') {
    const from15 = new Date(facts.slotStart).getTime() + NOT_AT_HOME_GRACE_MINUTES * 60_000;
    if (facts.now.getTime() < from15) return 'not_at_home_too_early';
  }
  return null;
}
