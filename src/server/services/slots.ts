import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NurseSlotDto } from '@/lib/types/api';
import { badRequest } from '../http/errors';
import { ensureSlots, findSlots, SLOT_DAYS_AHEAD } from '../repositories/slots';
import { getLaboratoryPricing } from './laboratories';

type Db = Kysely<Database>;

/** Longest range one call may ask for, days. */
export const MAX_SLOT_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (start of that UTC day) or a full ISO date-time; null when not a date. */
export function parseSlotInstant(value: string | undefined): Date | null {
  if (!value) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The laboratory's nurse slots from `from` (default now) to `to` (default 31 days later); only slots
 * that start in the future. `available` is the capacity left. The generated schedule is topped up to
 * 30 days ahead on the way. Unknown laboratory: 404.
 */
export async function listNurseSlots(db: Db, laboratoryId: string, from?: string, to?: string, now = new Date()): Promise<NurseSlotDto[]> {
  await getLaboratoryPricing(db, laboratoryId);
  const fromAt = parseSlotInstant(from);
  const toAt = parseSlotInstant(to);
  if (from && !fromAt) throw badRequest('Invalid query: from must be a date', { from: 'Enter a valid date' });
  if (to && !toAt) throw badRequest('Invalid query: to must be a date', { to: 'Enter a valid date' });
  const start = new Date(Math.max(now.getTime(), fromAt?.getTime() ?? 0));
  const end = toAt ?? new Date(start.getTime() + (SLOT_DAYS_AHEAD + 1) * DAY_MS);
  if (end.getTime() - start.getTime() > MAX_SLOT_RANGE_DAYS * DAY_MS) {
    throw badRequest(`Invalid query: the range may span at most ${MAX_SLOT_RANGE_DAYS} days`, { to: 'Range is too long' });
  }
  if (end <= start) return [];
  await ensureSlots(db, laboratoryId, now);
  const rows = await findSlots(db, laboratoryId, start.toISOString(), end.toISOString());
  return rows.map((r) => ({ id: r.id, start: r.start_at, end: r.end_at, capacity: r.capacity, available: Math.max(0, r.capacity - r.booked) }));
}
