import webpush from 'web-push';
import { boolean, number, object, string } from 'yup';
import { defineJob } from '../jobs/defineJob';
import { JOB } from '../jobs/specs';
import { log } from '../log';
import * as repo from '@/server/notifications/repositories/notifications';
import type { PushPayload } from '@/shared/types/notifications';
import { pushEndpointAllowed } from './settings';
import { vapidDetails } from './vapid';

/**
 * The `push-send` job: one encrypted push (RFC 8291 aes128gcm, signed with VAPID, RFC 8292) to one
 * device. The request is made by `web-push` and posted here with `fetch`, so a time-out applies and
 * the answer decides: 2xx done; 404/410 the subscription is gone and is removed; 429 and 5xx are
 * retried by the queue; any other 4xx is a refusal that a retry would not change (logged, dropped).
 */
export interface PushJob {
  subscriptionId: number;
  payload: PushPayload;
  /** Urgent pushes (a critical result) ask the push service to deliver at once. */
  urgent?: boolean;
}

/** How long a push service may keep an undelivered push (a device offline), seconds. */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

export class PushServiceError extends Error {}

const pushJobSchema = object({
  subscriptionId: number().integer().required(),
  payload: object({ title: string().required(), body: string().defined(), url: string().required(), tag: string().required() }).required(),
  urgent: boolean().optional(),
});

export const pushSendJob = defineJob<PushJob>({
  name: JOB.pushSend,
  payload: pushJobSchema,
  async handler({ subscriptionId, payload, urgent }, { db }) {
    const subscription = await repo.findSubscription(db, subscriptionId);
    const vapid = vapidDetails();
    // Unsubscribed or signed out meanwhile, or push switched off: nothing to send.
    if (!subscription || !vapid || !pushEndpointAllowed(subscription.endpoint)) return;
    const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: urgent ? 'high' : 'normal',
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
    });
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: 'error',
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return;
    if (res.status === 404 || res.status === 410) {
      await repo.deleteSubscription(db, subscriptionId);
      log().info({ subscriptionId, status: res.status }, 'push subscription gone, removed');
      return;
    }
    if (res.status === 429 || res.status >= 500) throw new PushServiceError(`push service answered ${res.status}`);
    log().warn({ subscriptionId, status: res.status }, 'push refused by the push service');
  },
});
