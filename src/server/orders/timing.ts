import type { Db } from '@/server/db/createDb';
import { ERROR_CODES } from '@/shared/errorCodes';
import { badRequest } from '@/server/http/errors';
import { cycleStartRefusal, timingProblem, timingProblemText, type TimingProblem } from '@/shared/timing';
import type { NurseSlotDto } from '@/shared/types/api';
import { timingOfRow } from '@/server/catalogue/catalogue';
import { listCartTiming } from './repositories/timing';

/**
 * Timing-aware booking: a visit time must suit every analysis of every patient in the cart (fasting:
 * a morning visit; a latest local time; cycle days for women, counted from the first day of the last
 * period given with the order). `GET nurse-slots?forCart=true` offers only such times; `order/create`
 * refuses another with 400 `timing_not_met` naming the analysis.
 */

export interface CartTimingProblem {
  analysisId: number;
  name: string;
  problem: TimingProblem;
}

async function cartRules(db: Db, userId: number) {
  const rows = await listCartTiming(db, userId);
  return rows.map((r) => ({ analysisId: r.analysis_id, name: r.name, gender: r.gender, timing: timingOfRow(r) }));
}

function problemsOf(rules: Awaited<ReturnType<typeof cartRules>>, slot: { start: string; end: string }, timeZone: string, cycleStart: string | null): CartTimingProblem[] {
  const out = new Map<number, CartTimingProblem>();
  for (const r of rules) {
    const problem = timingProblem(r.timing, slot, timeZone, r.gender, cycleStart);
    if (problem && !out.has(r.analysisId)) out.set(r.analysisId, { analysisId: r.analysisId, name: r.name, problem });
  }
  return [...out.values()];
}

/** 400 naming `cycleStart` when the date is malformed, in the future or over a year back. */
export function checkCycleStart(cycleStart: string | null | undefined, timeZone: string, now = new Date()): string | null {
  if (cycleStart === null || cycleStart === undefined || cycleStart === '') return null;
  const refusal = cycleStartRefusal(cycleStart, timeZone, now);
  if (refusal) throw badRequest(refusal, { cycleStart: refusal });
  return cycleStart;
}

/** `order/create`: the chosen visit must suit the cart; else 400 `timing_not_met`, `fields["timing.<analysisId>"]` naming the analysis. */
export async function checkOrderTiming(db: Db, userId: number, slot: { start_at: string; end_at: string }, timeZone: string, cycleStart: string | null): Promise<void> {
  // The visit-time step does not ask for the first day of the last period yet: without it the cycle
  // days are advice shown on the analysis and in the cart, not a refusal (docs/backend.md).
  const problems = problemsOf(await cartRules(db, userId), { start: slot.start_at, end: slot.end_at }, timeZone, cycleStart).filter((p) => p.problem.kind !== 'cycleStartNeeded');
  if (!problems.length) return;
  const fields = Object.fromEntries(problems.map((p) => [p.problem.kind === 'cycleStartNeeded' ? 'cycleStart' : `timing.${p.analysisId}`, timingProblemText(p.name, p.problem)]));
  throw badRequest(`This visit time does not suit: ${Object.values(fields).join('; ')}`, fields, ERROR_CODES.timingNotMet);
}

/** `GET nurse-slots?forCart=true`: only the times that suit every analysis of the caller's cart (cycle days need the date, so they are not judged here). */
export async function slotsForCart(db: Db, userId: number, slots: NurseSlotDto[], timeZone: string): Promise<NurseSlotDto[]> {
  const rules = (await cartRules(db, userId)).map((r) => {
    const { cycleDays: _cycle, ...rest } = r.timing;
    void _cycle;
    return { ...r, timing: rest };
  });
  return slots.filter((s) => problemsOf(rules, s, timeZone, null).length === 0);
}
