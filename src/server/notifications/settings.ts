import type { Db } from '../db/createDb';
import { getConfig } from '../config';
import { badRequest } from '../http/errors';
import type { AuthUser } from '../http/auth';
import * as repo from '@/server/notifications/repositories/notifications';
import { ALWAYS_BY_EMAIL, NOTIFICATION_EVENTS, type NotificationChannels, type NotificationEvent, type NotificationSettingsDto, type NotificationSettingsInput, type PushSubscriptionInput } from '@/shared/types/notifications';
import { NOTIFICATION_MESSAGES } from '@/shared/validation/notifications';
import { QUIET_HOURS } from './quietHours';
import { vapidDetails } from './vapid';

/**
 * The patient's notification settings (`users/current/notifications`) and their devices' push
 * subscriptions (`users/current/push-subscriptions`). Every event is on by e-mail and by push until
 * the patient turns a channel off; a critical result's e-mail cannot be turned off (a safety notice).
 */

/** The channels of `event` from its row (none: every channel on). */
function channelsFrom(event: NotificationEvent, row: repo.NotificationSettingRow | undefined): NotificationChannels {
  return { event, email: ALWAYS_BY_EMAIL.includes(event) || !row || row.email === 1, push: !row || row.push === 1 };
}

export async function channelsOf(db: Db, userId: number, event: NotificationEvent): Promise<NotificationChannels> {
  return channelsFrom(event, await repo.findSetting(db, userId, event));
}

export async function getNotificationSettings(db: Db, userId: number): Promise<NotificationSettingsDto> {
  const rows = new Map((await repo.listSettings(db, userId)).map((r) => [r.event, r]));
  const events = NOTIFICATION_EVENTS.map((event) => channelsFrom(event, rows.get(event)));
  return { events, pushPublicKey: vapidDetails()?.publicKey ?? null, quietHours: { ...QUIET_HOURS } };
}

export async function updateNotificationSettings(db: Db, userId: number, input: NotificationSettingsInput, now = new Date()): Promise<NotificationSettingsDto> {
  const events = input.events.map((e) => ({ ...e, email: ALWAYS_BY_EMAIL.includes(e.event) ? true : e.email }));
  await repo.saveSettings(db, userId, events, now);
  return getNotificationSettings(db, userId);
}

/**
 * Whether the shop may post to `endpoint`: https to a configured push service (PUSH_SERVICE_HOSTS),
 * or plain http to a loopback host listed there (a push service on the same machine, as in tests).
 * Any other address is refused, so a subscription cannot make the server call into its own network.
 */
export function pushEndpointAllowed(endpoint: string, hosts = getConfig().push.serviceHosts): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const listed = hosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!listed || url.username || url.password) return false;
  // Push services listen on 443: another port of a listed host is not a push service.
  if (url.protocol === 'https:') return url.port === '';
  return url.protocol === 'http:' && (host === '127.0.0.1' || host === 'localhost' || host === '[::1]');
}

/** Devices with a push subscription per account; a newer one replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

export async function subscribePush(db: Db, user: AuthUser, input: PushSubscriptionInput, now = new Date()): Promise<{ endpoint: string }> {
  if (!pushEndpointAllowed(input.endpoint)) throw badRequest(NOTIFICATION_MESSAGES.endpointInvalid, { endpoint: NOTIFICATION_MESSAGES.endpointInvalid });
  // The answer is the same whether the endpoint was the caller's to take or not: no account learns another's devices.
  if (await repo.saveSubscription(db, user.id, user.sessionId ?? null, input, now)) await repo.trimUserSubscriptions(db, user.id, MAX_PUSH_DEVICES);
  return { endpoint: input.endpoint };
}

/** Removes this device's subscription (an endpoint the caller does not have is fine: nothing to remove). */
export async function unsubscribePush(db: Db, user: AuthUser, endpoint: string): Promise<void> {
  await repo.deleteUserSubscription(db, user.id, endpoint);
}
