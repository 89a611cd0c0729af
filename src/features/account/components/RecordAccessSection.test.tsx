import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import { SettingsPage } from './SettingsPage';
import { InviteAnswerPage } from './InviteAnswerPage';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function signedIn(ui: React.ReactElement, options: Parameters<typeof renderApp>[1] = {}) {
  writeStorage('token', 'tok-1');
  const app = renderApp(ui, { sagas: 'account', ...options });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  return app;
}

test('settings list who reads my results; Withdraw ends it and the list is read again', async () => {
  let rows = [{ id: 4, holderName: 'Jan Kowalski', since: '2026-11-20T08:00:00.000Z' }];
  backend = fakeBackend({
    'GET users/current/record-access': () => [200, rows],
    'DELETE users/current/record-access/4': () => {
      rows = [];
      return [204, undefined];
    },
    'GET users/current/audit': [200, []],
  });
  signedIn(<SettingsPage />);
  const list = await screen.findByRole('list', { name: 'Who can read my results' });
  expect(within(list).getByRole('listitem')).toHaveTextContent(/Jan Kowalski.*Since 20 Nov 2026/);
  await userEvent.setup().click(within(list).getByRole('button', { name: "Withdraw Jan Kowalski's access to your results" }));
  expect(await screen.findByText('No other account reads your results.')).toBeInTheDocument();
  expect(backend.calls('DELETE users/current/record-access/4')).toHaveLength(1);
});

test('the invite page accepts with the link’s token, and words an invite for another address from its code (ru)', async () => {
  backend = fakeBackend({
    'POST patient-invites/accept': [[403, { error: 'x', code: 'invite_other_address' }], [200, { access: 'consented' }]],
  });
  signedIn(<InviteAnswerPage />, { router: testRouter('/patient-invite', { token: 'tok-abc' }), language: 'ru' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Разрешить доступ' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Приглашение отправлено на другой адрес e-mail');
  await user.click(screen.getByRole('button', { name: 'Разрешить доступ' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Готово'));
  expect(backend.calls('POST patient-invites/accept').map((r) => r.body)).toEqual([{ token: 'tok-abc' }, { token: 'tok-abc' }]);
});
