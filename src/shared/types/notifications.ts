/**
 * The patient's notification settings (`GET`/`PUT users/current/notifications`) and a device's Web
 * Push subscription (`POST`/`DELETE users/current/push-subscriptions`). Notifications never carry
 * health data: no analysis name, no value, no patient's name.
 */
export const NOTIFICATION_EVENTS = ['on_the_way', 'not_at_home', 'results_ready', 'critical_result', 'sample_rejected'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Events always mailed, whatever the settings: a critical result is a safety notice; a rejected sample needs the patient to book a redraw. */
export const ALWAYS_BY_EMAIL: readonly NotificationEvent[] = ['critical_result', 'sample_rejected'];

export interface NotificationChannels {
  event: NotificationEvent;
  email: boolean;
  push: boolean;
}

export interface NotificationSettingsDto {
  /** One entry per event, in the order of NOTIFICATION_EVENTS. */
  events: NotificationChannels[];
  /** The VAPID public key (base64url) for `PushManager.subscribe`, or null when push is not configured. */
  pushPublicKey: string | null;
  /** Non-urgent pushes wait until the end of the quiet hours, in the laboratory's time zone. */
  quietHours: { start: string; end: string };
}

export interface NotificationSettingsInput {
  events: NotificationChannels[];
}

/** `PushSubscription.toJSON()` as the browser gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker receives in a push and shows: a title, a line of text and the page to open. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
