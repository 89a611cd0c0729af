import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend, type FakeHandler } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { renderApp } from '@/testing/renderApp';
import type { NotificationSettingsDto } from '@/shared/types/notifications';
import { FAKE_SUBSCRIPTION_JSON, fakePushBrowser, fakeSubscription, type FakePushBrowser } from '@/lib/testing/fakePushBrowser';
import { SettingsPage } from './SettingsPage';

/** A VAPID public key as the server gives it: 65 bytes (an uncompressed P-256 point), base64url without padding. */
const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

const SETTINGS: NotificationSettingsDto = {
  events: [
    { event: 'on_the_way', email: true, push: true },
    { event: 'not_at_home', email: true, push: false },
    { event: 'results_ready', email: false, push: false },
    { event: 'critical_result', email: true, push: true },
    { event: 'sample_rejected', email: true, push: true },
  ],
  pushPublicKey: VAPID_KEY,
  quietHours: { start: '22:00', end: '07:00' },
};

let backend: FakeBackend | null = null;
let browser: FakePushBrowser | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  browser?.remove();
  browser = null;
  window.localStorage.clear();
});

function serve(routes: Record<string, FakeHandler | [number, unknown]> = {}, settings: NotificationSettingsDto = SETTINGS) {
  backend = fakeBackend({
    'GET users/current/audit': [200, []],
    'GET users/current/sessions': [200, []],
    'GET users/current/notifications': [200, settings],
    ...routes,
  });
  return backend;
}

async function notificationsSection() {
  writeStorage('token', 'tok-1');
  const app = renderApp(<SettingsPage />, { sagas: 'account' });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  const section = await screen.findByRole('region', { name: 'Notifications' });
  await within(section).findByRole('group', { name: 'Your nurse is on the way' });
  return section;
}

const switchOf = (section: HTMLElement, event: string, channel: 'E-mail' | 'E-mail (always)' | 'Push') =>
  within(within(section).getByRole('group', { name: event })).getByRole('switch', { name: channel });

test('the switches show the channels the account chose for each event, with the quiet hours and the no-health-data promise', async () => {
  serve();
  const section = await notificationsSection();
  expect(switchOf(section, 'Your nurse is on the way', 'E-mail')).toBeChecked();
  expect(switchOf(section, 'Your nurse is on the way', 'Push')).toBeChecked();
  expect(switchOf(section, 'The nurse could not find you at home', 'E-mail')).toBeChecked();
  expect(switchOf(section, 'The nurse could not find you at home', 'Push')).not.toBeChecked();
  expect(switchOf(section, 'Your results are ready', 'E-mail')).not.toBeChecked();
  expect(switchOf(section, 'Your results are ready', 'Push')).not.toBeChecked();
  expect(switchOf(section, 'A result needs urgent attention', 'Push')).toBeChecked();
  // A critical result is always mailed: its e-mail switch is on and cannot be turned off.
  expect(switchOf(section, 'A result needs urgent attention', 'E-mail (always)')).toBeChecked();
  expect(switchOf(section, 'A result needs urgent attention', 'E-mail (always)')).toBeDisabled();
  expect(section).toHaveTextContent('Between 22:00 and 07:00 laboratory time, push notifications wait until the morning; a critical result comes at once.');
  expect(section).toHaveTextContent("never contain a test's name, a value or anyone's name");
});

test('a switch saves at once: the PUT carries every event with the one change', async () => {
  const put = jest.fn<ReturnType<FakeHandler>, Parameters<FakeHandler>>((req) => [200, { ...SETTINGS, ...(req.body as object) }]);
  serve({ 'PUT users/current/notifications': put });
  const section = await notificationsSection();
  await userEvent.setup().click(switchOf(section, 'Your results are ready', 'Push'));
  await screen.findByText('Notification settings saved');
  expect(put).toHaveBeenCalledTimes(1);
  expect(put.mock.calls[0]?.[0].body).toEqual({
    events: [
      { event: 'on_the_way', email: true, push: true },
      { event: 'not_at_home', email: true, push: false },
      { event: 'results_ready', email: false, push: true },
      { event: 'critical_result', email: true, push: true },
      { event: 'sample_rejected', email: true, push: true },
    ],
  });
  expect(switchOf(section, 'Your results are ready', 'Push')).toBeChecked();
});

test('a refused save puts the switch back and says so', async () => {
  serve({ 'PUT users/current/notifications': [400, { error: 'Enter true or false', fields: { 'events.0.email': 'Enter true or false' } }] });
  const section = await notificationsSection();
  await userEvent.setup().click(switchOf(section, 'Your nurse is on the way', 'E-mail'));
  expect(await within(section).findByRole('alert')).toHaveTextContent('Could not save the notification settings. Enter true or false');
  expect(switchOf(section, 'Your nurse is on the way', 'E-mail')).toBeChecked();
});

test('turning on asks for permission, registers the service worker, subscribes with the server key and sends the subscription', async () => {
  browser = fakePushBrowser();
  const b = serve({ 'POST users/current/push-subscriptions': [201, {}] });
  const section = await notificationsSection();
  expect(await within(section).findByText('Push notifications are turned off for this device.')).toBeInTheDocument();

  await userEvent.setup().click(within(section).getByRole('button', { name: 'Turn on notifications on this device' }));
  expect(await within(section).findByText('Push notifications are turned on for this device.')).toBeInTheDocument();
  expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  const options = browser.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
  expect(options.userVisibleOnly).toBe(true);
  expect(Buffer.from(options.applicationServerKey as Uint8Array)).toEqual(Buffer.from(VAPID_KEY, 'base64url'));
  expect(b.calls('POST users/current/push-subscriptions').map((r) => r.body)).toEqual([{ endpoint: FAKE_SUBSCRIPTION_JSON.endpoint, keys: FAKE_SUBSCRIPTION_JSON.keys }]);
  expect(within(section).getByRole('button', { name: 'Turn off on this device' })).toBeEnabled();
});

test('a subscription the server did not take is ended again and the failure shown', async () => {
  browser = fakePushBrowser();
  serve({ 'POST users/current/push-subscriptions': [500, { error: 'boom' }] });
  const section = await notificationsSection();
  await userEvent.setup().click(await within(section).findByRole('button', { name: 'Turn on notifications on this device' }));
  expect(await within(section).findByText('Could not change notifications on this device. Please try again.')).toBeInTheDocument();
  expect(browser.subscription).toBeNull();
  expect(within(section).getByText('Push notifications are turned off for this device.')).toBeInTheDocument();
});

test('turning off ends the subscription in the browser and on the server', async () => {
  browser = fakePushBrowser({ permission: 'granted' });
  const subscription = fakeSubscription();
  browser.subscription = subscription;
  const b = serve({ 'DELETE users/current/push-subscriptions': [204, undefined] });
  const section = await notificationsSection();
  await userEvent.setup().click(await within(section).findByRole('button', { name: 'Turn off on this device' }));
  expect(await within(section).findByText('Push notifications are turned off for this device.')).toBeInTheDocument();
  expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(b.calls('DELETE users/current/push-subscriptions').map((r) => r.body)).toEqual([{ endpoint: FAKE_SUBSCRIPTION_JSON.endpoint }]));
});

test('a refused permission says how to allow notifications and sends nothing', async () => {
  browser = fakePushBrowser({ answer: 'denied' });
  const b = serve();
  const section = await notificationsSection();
  await userEvent.setup().click(await within(section).findByRole('button', { name: 'Turn on notifications on this device' }));
  expect(await within(section).findByText(/Notifications are blocked for this site in your browser/)).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument();
  expect(browser.subscribe).not.toHaveBeenCalled();
  expect(b.calls('POST users/current/push-subscriptions')).toHaveLength(0);
});

test('a dismissed permission prompt leaves notifications off and the button there to try again', async () => {
  browser = fakePushBrowser({ answer: 'default' });
  const b = serve();
  const section = await notificationsSection();
  await userEvent.setup().click(await within(section).findByRole('button', { name: 'Turn on notifications on this device' }));
  expect(await within(section).findByText('Notifications stay off: the browser was not allowed to show them.')).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled();
  expect(b.calls('POST users/current/push-subscriptions')).toHaveLength(0);
});

test('notifications blocked earlier are said at once, without a button that cannot work', async () => {
  browser = fakePushBrowser({ permission: 'denied' });
  serve();
  const section = await notificationsSection();
  expect(within(section).getByText(/Notifications are blocked for this site in your browser/)).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument();
});

test('a browser without Web Push is told so; the e-mail switches still work', async () => {
  serve();
  const section = await notificationsSection();
  expect(within(section).getByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument();
  expect(switchOf(section, 'Your nurse is on the way', 'E-mail')).toBeEnabled();
});

test('without a push key on the server, push cannot be chosen and the page says why', async () => {
  browser = fakePushBrowser();
  serve({}, { ...SETTINGS, pushPublicKey: null });
  const section = await notificationsSection();
  expect(within(section).getByText('Push notifications are not available yet. E-mail notifications work as usual.')).toBeInTheDocument();
  expect(switchOf(section, 'Your nurse is on the way', 'Push')).toBeDisabled();
  expect(switchOf(section, 'Your nurse is on the way', 'E-mail')).toBeEnabled();
  expect(within(section).queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument();
});

test('settings that cannot be loaded say so', async () => {
  backend = fakeBackend({ 'GET users/current/audit': [200, []], 'GET users/current/sessions': [200, []], 'GET users/current/notifications': [500, { error: 'boom' }] });
  writeStorage('token', 'tok-1');
  const app = renderApp(<SettingsPage />, { sagas: 'account' });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  const section = await screen.findByRole('region', { name: 'Notifications' });
  expect(await within(section).findByText('Could not load the notification settings. Please try again later.')).toBeInTheDocument();
});
