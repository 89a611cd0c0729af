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
  jest.restoreAllMocks();
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

type User = ReturnType<typeof userEvent.setup>;

async function changePassword(user: User, oldPassword: string, newPassword: string, repeat = newPassword) {
  const form = await screen.findByRole('form', { name: 'Password' });
  if (oldPassword) await user.type(within(form).getByLabelText(/^Current password/), oldPassword);
  if (newPassword) await user.type(within(form).getByLabelText(/^New password/), newPassword);
  if (repeat) await user.type(within(form).getByLabelText(/^Repeat the new password/), repeat);
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
}

describe('settings: profile', () => {
  it('saves the details and says so', async () => {
    backend = fakeBackend({ 'PUT users/7': (req) => [200, { ...sampleUser, ...(req.body as object) }] });
    const user = userEvent.setup();
    settings();
    // The form loads while the account is read (a lazy section).
    const form = await screen.findByRole('form', { name: 'Personal details' });
    const phone = within(form).getByLabelText(/^Phone/);
    await user.type(phone, '12');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a phone number in international form, e.g. +48 600 100 200')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '+48 600 100 200');
    await user.clear(within(form).getByLabelText(/^First name/));
    await user.type(within(form).getByLabelText(/^First name/), 'Hanna');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User profile has been successfully updated')).toBeInTheDocument();
    expect(backend.calls('PUT users/7')[0]?.body).toEqual({ firstName: 'Hanna', lastName: 'Nowak', phone: '+48 600 100 200', dateOfBirth: null });
  });

  it('a failed save is the toast "Error occurred"', async () => {
    backend = fakeBackend({ 'PUT users/7': [500, { error: 'boom' }] });
    const user = userEvent.setup();
    settings();
    await user.click(within(await screen.findByRole('form', { name: 'Personal details' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error occurred')).toBeInTheDocument();
  });
});

describe('settings: password', () => {
  it('checks the new password twice before sending', async () => {
    backend = fakeBackend({});
    const user = userEvent.setup();
    settings();
    await changePassword(user, 'Old-pass-1', 'short', 'other');
    expect(await screen.findByText('The password must have at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(backend.requests.filter((r) => !r.url.startsWith('users/current/audit') && r.url !== 'users/current/sessions' && r.url !== 'users/current/notifications' && r.url !== 'users/current/record-access')).toHaveLength(0);
  });

  it('changes the password on 200 and empties the fields', async () => {
    backend = fakeBackend({ 'PUT users/password': [200, {}] });
    const user = userEvent.setup();
    settings();
    await changePassword(user, 'Old-pass-1', 'New-password-22');
    expect(await screen.findByText('Your password has been successfully changed')).toBeInTheDocument();
    expect(backend.calls('PUT users/password')[0]?.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'New-password-22' });
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''));
  });

  it('names a leaked new password so the user chooses another', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const leaked = 'This password appears in lists of leaked passwords; choose another';
    backend = fakeBackend({ 'PUT users/password': [400, { error: leaked, code: 'bad_request', fields: { newPassword: leaked } }] });
    const user = userEvent.setup();
    settings();
    await changePassword(user, 'Old-pass-1', 'Qwerty123456');
    expect(await within(screen.getByRole('form', { name: 'Password' })).findByRole('alert')).toHaveTextContent(leaked);
  });

  it('otherwise says "Failed to change password, see console" and toasts "Error occurred"', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    backend = fakeBackend({ 'PUT users/password': [400, { error: 'Wrong password' }] });
    const user = userEvent.setup();
    settings();
    await changePassword(user, 'Wrong-pass-1', 'New-password-22');
    expect(await within(screen.getByRole('form', { name: 'Password' })).findByRole('alert')).toHaveTextContent('Failed to change password, see console');
    expect(await screen.findByText('Error occurred')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('settings: e-mail confirmation modal', () => {
  it('sends the letter, warns when already confirmed, shows an unknown token, closes on success', async () => {
    let activations = 0;
    backend = fakeBackend({
      'POST users/send-activation-email': [409, { error: 'Email is already confirmed' }],
      'POST users/activate': () => (++activations === 1 ? [404, { error: 'Email confirmation token not found' }] : [200, {}]),
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    const user = userEvent.setup();
    settings();
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the letter' }));
    expect(await within(dialog).findByText('Email is already confirmed')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Code from the letter/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Email confirmation token not found')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Code from the letter/));
    await user.type(within(dialog).getByLabelText(/^Code from the letter/), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
  });
});
