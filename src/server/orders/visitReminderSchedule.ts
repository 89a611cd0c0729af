import type { Db } from '@/server/db/createDb';
import { getConfig } from '@/server/config';
import { cancelJobs, enqueue } from '@/server/jobs/queue';
import { JOB } from '@/server/jobs/specs';
import { declareJob } from '@/server/jobs/defineJob';
import { number, object, string } from 'yup';

/**
 * When the visit reminder of an order is due (docs/backend.md, "Visit reminder"). Called inside the
 * transaction that creates, moves or cancels the visit, so the job and the visit never disagree.
 */

export interface VisitReminderPayload {
  orderId: number;
  /** The visit start the reminder is for; a reminder whose order now has another start is not sent. */
  visitStart: string;
}

/** The `visit-reminder` job's name and payload (its handler: visitReminder.ts `visitReminderJob`). */
export const VISIT_REMINDER = declareJob<VisitReminderPayload>({ name: JOB.visitReminder, payload: object({ orderId: number().integer().required(), visitStart: string().required() }) });

/**
 * Schedules (or moves) the reminder `REMINDER_LEAD_HOURS` before `visitStart`. A visit less than the
 * lead time away gets none: its confirmation mail, sent at that moment, carries the same preparation.
 */
export async function scheduleVisitReminder(db: Db, orderId: number, visitStart: string, now = new Date(), laboratoryId?: string): Promise<void> {
  await cancelJobs(db, VISIT_REMINDER, `${orderId}:`);
  const runAt = new Date(Date.parse(visitStart) - getConfig().reminderLeadHours * 3_600_000);
  if (runAt.getTime() <= now.getTime()) return;
  const payload: VisitReminderPayload = { orderId, visitStart };
  await enqueue(db, VISIT_REMINDER, payload, { key: `${orderId}:${Date.parse(visitStart)}`, runAt, laboratoryId: laboratoryId ?? null });
}

/** The order's visit is cancelled: its pending reminder never runs. */
export async function cancelVisitReminder(db: Db, orderId: number): Promise<void> {
  await cancelJobs(db, VISIT_REMINDER, `${orderId}:`);
}
