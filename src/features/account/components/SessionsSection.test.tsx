import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStorage, writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { renderApp } from '@/testing/renderApp';
import { SettingsPage } from './SettingsPage';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

const THIS = { id: 7, createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: '2026-11-24T09:30:00.000Z', browser: 'Firefox', system: 'Linux', expiresAt: '2026-11-24T10:00:00.000Z', current: true };
const PHONE = { id: 5, createdAt: '2026-11-18T08:00:00.000Z', lastUsedAt: '2026-11-19T18:00:00.000Z', browser: 'Safari', system: 'iOS', expiresAt: '2026-11-19T18:30:00.000Z', current: false };

function settings() {
  writeStorage('token', 'tok-1');
  const app = renderApp(<SettingsPage />, { sagas: 'account' });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  return app;
}

test('settings list the signed-in sessions, mark this device, and sign out another one', async () => {
  let sessions = [THIS, PHONE];
  backend = fakeBackend({
    'GET users/current/audit': [200, []],
    'GET users/current/sessions': () => [200, sessions],
    'DELETE users/current/sessions/5': () => {
      sessions = [THIS];
      return [204, undefined];
    },
  });
  const app = settings();
  const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Firefox on Linux');
  expect(items[0]).toHaveTextContent('This device');
  expect(items[0]).toHaveTextContent(/Signed in 20 Nov 2026, \d\d:00 · last used 24 Nov 2026/);
  expect(items[1]).toHaveTextContent('Safari on iOS');
  expect(items[1]).not.toHaveTextContent('This device');

  await userEvent.setup().click(within(list).getByRole('button', { name: 'Sign out Safari on iOS' }));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  expect(backend.calls('DELETE users/current/sessions/5')).toHaveLength(1);
  // Signing out another browser keeps this one signed in.
  expect(app.store.getState().auth.isLoggedIn).toBe(true);
  expect(readStorage('token')).toBe('tok-1');
});

test('sign out everywhere ends every session and signs out here', async () => {
  backend = fakeBackend({
    'GET users/current/audit': [200, []],
    'GET users/current/sessions': [200, [THIS, PHONE]],
    'DELETE users/current/sessions': [200, { ended: 2 }],
    'POST logout': [204, undefined],
  });
  const app = settings();
  await screen.findByRole('list', { name: 'Signed-in sessions' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out everywhere' }));
  await waitFor(() => expect(app.store.getState().auth.isLoggedIn).toBe(false));
  expect(backend.calls('DELETE users/current/sessions')).toHaveLength(1);
  expect(readStorage('token')).toBeNull();
});

test('a browser that did not say what it is shows as unknown', async () => {
  backend = fakeBackend({ 'GET users/current/audit': [200, []], 'GET users/current/sessions': [200, [{ ...THIS, browser: '', system: '' }]] });
  settings();
  const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
  expect(within(list).getByRole('listitem')).toHaveTextContent('Unknown browser');
});
