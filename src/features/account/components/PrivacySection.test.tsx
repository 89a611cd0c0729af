import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
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

function settings() {
  writeStorage('token', 'tok-1');
  const app = renderApp(<SettingsPage />, { sagas: 'account' });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  return app;
}

const access = (id: number, at: string, actorKey: string, what: string, actorName: string | null = null) => ({
  id,
  at,
  action: what === 'opened' ? 'health_read' : 'health_write',
  what,
  actorKind: actorKey.startsWith('share') ? 'share' : 'staff',
  actorKey,
  actorName,
  orderId: 9,
  orderNumber: 'LS-000009',
  detail: '',
});

test('settings show who opened the results, one line per person and day with the times, and offer the download of all data', async () => {
  backend = fakeBackend({
    'GET users/current/audit': [
      200,
      [
        access(5, '2026-11-20T12:00:00.000Z', 'share:2', 'opened'),
        access(4, '2026-11-19T10:40:00.000Z', 'staff:7', 'opened', 'Anna Nowak'),
        access(3, '2026-11-19T10:00:00.000Z', 'staff:7', 'results', 'Anna Nowak'),
        access(2, '2026-11-19T09:30:00.000Z', 'staff:8', 'samples', 'Zofia Nurse'),
      ],
    ],
  });
  settings();
  const list = await screen.findByRole('list', { name: 'Who opened your results' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(3);
  expect(items[0]).toHaveTextContent(/^A share link you created · 20 Nov 2026: \d\d:00opened order LS-000009$/);
  expect(items[1]).toHaveTextContent(/^Laboratory: Anna Nowak · 19 Nov 2026: \d\d:00, \d\d:40opened order LS-000009; entered results of order LS-000009$/);
  // The nurse's step is the samples collected, not a change of results.
  expect(items[2]).toHaveTextContent(/^Laboratory: Zofia Nurse · 19 Nov 2026: \d\d:30samples collected for order LS-000009$/);
  expect(screen.queryByRole('button', { name: 'Show earlier' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
});

test('a long history comes in pages: "Show earlier" loads the records before the last one shown', async () => {
  // One record a day: each is its own line.
  const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => access(from - i, new Date(Date.UTC(2026, 10, 20) - (100 - (from - i)) * 86_400_000).toISOString(), 'staff:7', 'opened', 'Anna Nowak'));
  backend = fakeBackend({
    'GET users/current/audit': (req: { url: string }) => [200, req.url.includes('before=51') ? page(50, 3) : page(100, 50)],
  });
  settings();
  const list = await screen.findByRole('list', { name: 'Who opened your results' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(50);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Show earlier' }));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(53));
  expect(backend.calls('GET users/current/audit').map((c) => c.url)).toEqual(['users/current/audit?limit=50', 'users/current/audit?limit=50&before=51']);
  expect(screen.queryByRole('button', { name: 'Show earlier' })).not.toBeInTheDocument();
});

test('an account nobody else looked into says so', async () => {
  backend = fakeBackend({ 'GET users/current/audit': [200, []] });
  settings();
  expect(await screen.findByText('Nobody from the laboratory or through a share link has opened your results yet.')).toBeInTheDocument();
});

test('deleting the account asks for the password, says when it is wrong, and signs out when done', async () => {
  let answer: [number, unknown] = [400, { error: 'The password is not correct', fields: { password: 'The password is not correct' } }];
  backend = fakeBackend({ 'GET users/current/audit': [200, []], 'DELETE users/current': () => answer });
  const app = settings();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
  expect(confirm).toBeDisabled();
  await userEvent.setup().type(within(dialog).getByLabelText('Your password'), 'guess');
  await userEvent.setup().click(confirm);
  expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
  expect(backend.calls('DELETE users/current')[0]?.body).toEqual({ password: 'guess' });
  answer = [200, { status: 'deleted' }];
  await userEvent.setup().click(confirm);
  await waitFor(() => expect(app.store.getState().auth.currentUser.data).toBeNull());
});
