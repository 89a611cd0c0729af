import { array, boolean, object, string } from 'yup';
import { NOTIFICATION_EVENTS } from '@/shared/types/notifications';

/** Messages of the notification settings and push subscriptions (English; translation keys of the `account` namespace). */
export const NOTIFICATION_MESSAGES = {
  eventsInvalid: 'List each notification event once, with e-mail and push as true or false',
  endpointInvalid: 'The push endpoint must be an https URL of a browser push service',
  keyInvalid: 'The subscription keys must be base64url: p256dh a P-256 public key, auth 16 bytes',
} as const;

const M = NOTIFICATION_MESSAGES;
const flag = () => boolean().strict().typeError(M.eventsInvalid).required(M.eventsInvalid);

/** `PUT users/current/notifications`. */
export const notificationSettingsSchema = object({
  events: array(
    object({
      event: string().strict().typeError(M.eventsInvalid).required(M.eventsInvalid).oneOf(NOTIFICATION_EVENTS, M.eventsInvalid),
      email: flag(),
      push: flag(),
    }),
  )
    .typeError(M.eventsInvalid)
    .required(M.eventsInvalid)
    .max(NOTIFICATION_EVENTS.length, M.eventsInvalid)
    .test('unique', M.eventsInvalid, (list) => !list || new Set(list.map((e) => e?.event)).size === list.length),
});

const base64url = (min: number, max: number) =>
  string().strict().typeError(M.keyInvalid).required(M.keyInvalid).matches(/^[A-Za-z0-9_-]+={0,2}$/, M.keyInvalid).min(min, M.keyInvalid).max(max, M.keyInvalid);

/** `POST users/current/push-subscriptions`: what `PushSubscription.toJSON()` gives (expirationTime is ignored). */
export const pushSubscriptionSchema = object({
  endpoint: string().strict().typeError(M.endpointInvalid).required(M.endpointInvalid).max(2048, M.endpointInvalid).matches(/^https?:\/\/[^\s]+$/, M.endpointInvalid),
  // An uncompressed P-256 point is 65 bytes (87 characters), the auth secret 16 bytes (22 characters).
  keys: object({ p256dh: base64url(86, 90), auth: base64url(21, 24) }).required(M.keyInvalid).typeError(M.keyInvalid),
});

/** `DELETE users/current/push-subscriptions`. */
export const pushEndpointSchema = object({
  endpoint: string().strict().typeError(M.endpointInvalid).required(M.endpointInvalid).max(2048, M.endpointInvalid),
});
