import type { PushSubscriptionInput } from '@/shared/types/notifications';

/*
 * This browser's Web Push subscription: the service worker (public/sw.js) that shows the shop's
 * notifications and the subscription the server sends them to. Loaded with the notification
 * settings and the sign-out saga only, never with a page's first JavaScript.
 */

const SERVICE_WORKER_URL = '/sw.js';

/** The VAPID public key as the server gives it (base64url, unpadded) to the bytes `PushManager.subscribe` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether this browser can receive Web Push at all (Safari on an iPhone only once the shop is on the Home Screen). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Whether the user has blocked notifications for the shop (only the browser's settings can undo it). */
export function notificationsBlocked(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'denied';
}

/** This browser's subscription, or null (none, no service worker, or no push support). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!workers?.getRegistration) return null;
  const registration = await workers.getRegistration('/');
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** The user did not allow notifications when asked (or had blocked them before). */
export class PushPermissionRefused extends Error {
  constructor(public readonly permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
    this.name = 'PushPermissionRefused';
  }
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Asks for permission, registers the service worker and subscribes this browser with the server's
 * VAPID key: the subscription to send to the server. A subscription made earlier with another key
 * (the server's keys were changed) is replaced. Throws `PushPermissionRefused` when not allowed.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const key = base64UrlToBytes(publicKey);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // Subscribing needs an active worker; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return toInput(existing);
  if (existing) await existing.unsubscribe();
  return toInput(await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
}

/** Ends this browser's subscription: the endpoint it had (for the server to forget), or null when there was none. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
