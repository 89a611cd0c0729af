import type { Db } from '../db/createDb';
import { enqueue } from '../jobs/queue';
import { CRITICAL_PRIORITY, mailMessageId, queueMail, type QueuedMail } from '../mail/queueMail';
import * as repo from '@/server/notifications/repositories/notifications';
import type { NotificationEvent, PushPayload } from '@/shared/types/notifications';
import { pushSendJob, type PushJob } from './pushSend';
import { quietUntil } from './quietHours';
import { channelsOf } from './settings';

/**
 * One notice to a patient (docs/notifications.md): an e-mail and a push to each of their devices, by
 * the channels they chose for the event. Written in the transaction of the change that owes it, with
 * an idempotency key, so a retried or repeated change notifies once. Pushes of non-urgent events wait
 * out the quiet hours in the laboratory's time zone; a critical result goes at once and first.
 * Callers pass texts without health data: no analysis name, value or patient's name.
 */
export interface Notice {
  event: NotificationEvent;
  userId: number;
  laboratoryId: string;
  /** The laboratory's time zone (quiet hours). */
  timeZone: string;
  /** Identifies this notice (e.g. `results_ready-12`): the mail's Message-ID and the pushes' keys derive from it. */
  key: string;
  /** The mail, or null when this notice has none (e.g. the order's contact preference is not e-mail). */
  mail: Omit<QueuedMail, 'priority' | 'laboratoryId'> | null;
  push: PushPayload;
  now?: Date;
}

export async function notify(db: Db, n: Notice): Promise<void> {
  const channels = await channelsOf(db, n.userId, n.event);
  const urgent = n.event === 'critical_result';
  const key = n.key.replace(/[^A-Za-z0-9.-]/g, '-');
  if (n.mail && channels.email) {
    await queueMail(db, { ...n.mail, messageId: mailMessageId(`notice.${key}`), laboratoryId: n.laboratoryId, priority: urgent ? 'critical' : 'normal' });
  }
  if (!channels.push) return;
  const devices = await repo.listSubscriptions(db, n.userId);
  const runAt = urgent ? null : quietUntil(n.now ?? new Date(), n.timeZone);
  for (const device of devices) {
    const job: PushJob = { subscriptionId: device.id, payload: n.push, urgent };
    await enqueue(db, pushSendJob, job, { key: `${key}:${device.id}`, priority: urgent ? CRITICAL_PRIORITY : 0, laboratoryId: n.laboratoryId, ...(runAt ? { runAt } : {}) });
  }
}
