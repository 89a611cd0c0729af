import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/lib/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, sampleUser, type FakeBackend } from '@/features/auth/testing/fakeBackend';
import { renderWithApp } from '@/features/auth/testing/render';
import { SettingsPage } from './SettingsPage';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function settings() {
  writeStorage('token', 'tok-1');
  const app = renderWithApp(<SettingsPage />);
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  return app;
}

test('settings show who opened the results and offer the download of all data', async () => {
  backend = fakeBackend({
    'GET users/current/audit': [
      200,
      [
        { id: 3, at: '2026-11-20T10:00:00.000Z', action: 'health_read', actorKind: 'share', actorName: null, orderId: 9, orderNumber: 'LS-000009', detail: 'results' },
        { id: 2, at: '2026-11-19T10:00:00.000Z', action: 'health_write', actorKind: 'staff', actorName: 'Olga Lab', orderId: 9, orderNumber: 'LS-000009', detail: 'results (1)' },
      ],
    ],
  });
  settings();
  const list = await screen.findByRole('list', { name: 'Who opened your results' });
  const items = within(list).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('A share link you created · opened order LS-000009');
  expect(items[1]).toHaveTextContent('Laboratory: Olga Lab · entered or changed results of order LS-000009');
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
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
