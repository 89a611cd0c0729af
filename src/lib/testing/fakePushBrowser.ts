/**
 * A browser with Web Push for jsdom (which has none): `Notification` with the permission the user
 * gives, `PushManager`, and `navigator.serviceWorker` whose registration hands out one subscription.
 * `remove()` takes it all away again.
 */
export interface FakePushBrowser {
  /** The answer `Notification.requestPermission()` gives. */
  answer: NotificationPermission;
  /** `Notification.permission` before asking. */
  permission: NotificationPermission;
  /** The subscription this browser holds, or null. */
  subscription: (PushSubscription & { unsubscribe: jest.Mock }) | null;
  register: jest.Mock;
  subscribe: jest.Mock;
  requestPermission: jest.Mock;
  remove: () => void;
}

export const FAKE_SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.com/send/abc123',
  expirationTime: null,
  keys: { p256dh: 'BPcMbnWQL5GOYX-p256dh-key', auth: 'auth-secret-16' },
};

export function fakeSubscription(key: ArrayBuffer | null = null) {
  const subscription = {
    endpoint: FAKE_SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => FAKE_SUBSCRIPTION_JSON,
    unsubscribe: jest.fn(async () => {
      if (fake.subscription === subscription) fake.subscription = null;
      return true;
    }),
  } as unknown as PushSubscription & { unsubscribe: jest.Mock };
  return subscription;
}

let fake: FakePushBrowser;

export function fakePushBrowser(start: Partial<Pick<FakePushBrowser, 'answer' | 'permission' | 'subscription'>> = {}): FakePushBrowser {
  const pushManager = {
    getSubscription: async () => fake.subscription,
    subscribe: jest.fn(async (options: PushSubscriptionOptionsInit) => {
      const key = options.applicationServerKey as Uint8Array;
      fake.subscription = fakeSubscription(key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer);
      return fake.subscription;
    }),
  };
  const registration = { scope: 'http://localhost/', pushManager };
  const requestPermission = jest.fn(async () => {
    fake.permission = fake.answer;
    return fake.answer;
  });
  const register = jest.fn(async () => registration);
  fake = {
    answer: 'granted',
    permission: 'default',
    subscription: null,
    ...start,
    register,
    subscribe: pushManager.subscribe,
    requestPermission,
    remove: () => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      delete (window as { PushManager?: unknown }).PushManager;
      delete (window as { Notification?: unknown }).Notification;
    },
  };
  const NotificationFake = { requestPermission, get permission() { return fake.permission; } };
  Object.defineProperty(window, 'Notification', { value: NotificationFake, configurable: true, writable: true });
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true, writable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  return fake;
}
