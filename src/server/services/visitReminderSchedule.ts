import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getConfig } from '../config';
import { cancelJob, upsertJob } from '../repositories/jobs';

/**
 * When the visit reminder of an order is due (docs/backend.md, "Visit reminder"). Called inside the
 * transaction that creates, moves or cancels the visit, so the job and the visit never disagree.
 */
type Db = Kysely<Database>;

export const VISIT_REMINDER = 'visit-reminder';

export function visitReminderKey(orderId: number): string {
  return `${VISIT_REMINDER}:${orderId}`;
}

export interface VisitReminderPayload {
  orderId: number;
  /** The visit start the reminder is for; a reminder whose order now has another start is not sent. */
  visitStart: string;
}

/**
 * Schedules (or moves) the reminder `REMINDER_LEAD_HOURS` before `visitStart`. A visit less than the
 * lead time away gets none: its confirmation mail, sent at that moment, carries the same preparation.
 */
export async function scheduleVisitReminder(db: Db, orderId: number, visitStart: string, now = new Date()): Promise<void> {
  const runAt = new Date(Date.parse(visitStart) - getConfig().reminderLeadHours * 3_600_000);
  if (runAt.getTime() <= now.getTime()) {
    await cancelJob(db, visitReminderKey(orderId), now.toISOString());
    return;
  }
  const payload: VisitReminderPayload = { orderId, visitStart };
  await upsertJob(db, { key: visitReminderKey(orderId), kind: VISIT_REMINDER, runAt: runAt.toISOString(), payload }, now.toISOString());
}

/** The order's visit is cancelled: its pending reminder never runs. */
export async function cancelVisitReminder(db: Db, orderId: number, now = new Date()): Promise<void> {
  await cancelJob(db, visitReminderKey(orderId), now.toISOString());
}
