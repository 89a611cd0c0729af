import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStorage, writeStorage } from '@/shared/storage';
import { authNavigation } from '../authNavigation';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { renderApp } from '@/testing/renderApp';
import { LoginForm } from './LoginForm';

let backend: FakeBackend | null = null;
beforeEach(() => {
  jest.spyOn(authNavigation, 'location').mockReturnValue({ pathname: '/login', query: {} });
  jest.spyOn(authNavigation, 'push').mockResolvedValue(undefined);
});
afterEach(() => {
  backend?.restore();
  backend = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
});

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText(/^E-mail/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('shows inline errors and sends nothing when the fields are empty or the e-mail is invalid', async () => {
    backend = fakeBackend({});
    const user = userEvent.setup();
    renderApp(<LoginForm />, { sagas: 'account' });
    await fill(user, '', '');
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(backend.requests).toHaveLength(0);
  });

  it('logs in, keeps the token and goes home', async () => {
    backend = fakeBackend({ 'POST login': [200, { access_token: 'tok-1' }], 'GET users/current': [200, sampleUser] });
    const user = userEvent.setup();
    const { store } = renderApp(<LoginForm />, { sagas: 'account' });
    await fill(user, 'anna@example.com', 'Secret-pass-1');
    await waitFor(() => expect(authNavigation.push).toHaveBeenCalledWith('/'));
    expect(backend.calls('POST login')[0]?.body).toEqual({ username: 'anna@example.com', password: 'Secret-pass-1' });
    expect(readStorage('token')).toBe('tok-1');
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });

  it('disables the button while sending', async () => {
    let answer: (v: [number, unknown]) => void = () => undefined;
    backend = fakeBackend({ 'POST login': () => new Promise((r) => (answer = r)) });
    const user = userEvent.setup();
    renderApp(<LoginForm />, { sagas: 'account' });
    await fill(user, 'anna@example.com', 'Secret-pass-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled());
    answer([401, { error: 'Not authorized' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled());
  });

  it.each([
    [401, 'Wrong e-mail or password'],
    [429, 'Too many attempts. Please wait a few minutes and try again.'],
    [500, 'Unknown error'],
  ])('answers %i with "%s" on the form and forgets the token', async (status, text) => {
    writeStorage('token', 'old');
    backend = fakeBackend({ 'POST login': [status, { error: 'x' }] });
    const user = userEvent.setup();
    renderApp(<LoginForm />, { sagas: 'account' });
    await fill(user, 'anna@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(readStorage('token')).toBeNull();
    expect(authNavigation.push).not.toHaveBeenCalled();
  });
});
