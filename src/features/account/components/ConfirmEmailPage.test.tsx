import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigation } from '@/store/navigation';
import { writeStorage } from '@/shared/storage';
import { loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import { ConfirmEmailPage } from './ConfirmEmailPage';

let backend: FakeBackend | null = null;
let goTo: jest.SpyInstance;
beforeEach(() => {
  goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
});
afterEach(() => {
  backend?.restore();
  backend = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
});

function open(query: Record<string, string>, loggedInUser: boolean) {
  if (loggedInUser) writeStorage('token', 'tok-1');
  const app = renderApp(<ConfirmEmailPage />, { sagas: 'account', router: testRouter('/confirm-email', query) });
  if (loggedInUser) {
    act(() => {
      app.store.dispatch(loggedIn());
    });
  }
  return app;
}

describe('the confirmation link', () => {
  it('confirms and lands a logged-in user in settings', async () => {
    backend = fakeBackend({ 'POST users/activate': [200, {}], 'GET users/current': [200, { ...sampleUser, emailConfirmed: true }] });
    const { router, store } = open({ token: 'tok-abc' }, true);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/settings'));
    expect(backend.calls('POST users/activate')).toHaveLength(1);
    expect(backend.calls('POST users/activate')[0]?.body).toEqual({ token: 'tok-abc' });
    await waitFor(() => expect(store.getState().auth.currentUser.data?.emailConfirmed).toBe(true));
    expect(goTo).not.toHaveBeenCalled();
  });

  it('in the order flow goes on to data confirmed', async () => {
    backend = fakeBackend({ 'POST users/activate': [200, {}], 'GET users/current': [200, { ...sampleUser, emailConfirmed: true }] });
    const { router } = open({ token: 'tok-abc', returnTo: 'order' }, true);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('confirms for a visitor and offers to log in', async () => {
    backend = fakeBackend({ 'POST users/activate': [200, {}] });
    open({ token: 'tok-abc' }, false);
    expect(await screen.findByText('Your e-mail is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(backend.calls('GET users/current')).toHaveLength(0);
  });

  it('an unknown or used token says so', async () => {
    backend = fakeBackend({ 'POST users/activate': [404, { error: 'Email confirmation token not found' }] });
    open({ token: 'old' }, false);
    expect(await screen.findByText('Email confirmation token not found')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('the page opened without the link', () => {
  it('a visitor confirms with the address and the 6-character code from the letter, as typed', async () => {
    backend = fakeBackend({ 'POST users/activate': [200, {}] });
    const user = userEvent.setup();
    open({}, false);
    const form = await screen.findByRole('form', { name: 'Confirm with the code' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^E-mail/), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Code from the letter/), 'k7m-0q');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-character code from the e-mail')).toBeInTheDocument();
    expect(backend.requests).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Code from the letter/));
    await user.type(screen.getByLabelText(/^Code from the letter/), 'k7m-2qx');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your e-mail is confirmed.')).toBeInTheDocument();
    expect(backend.calls('POST users/activate')[0]?.body).toEqual({ code: 'K7M2QX', email: 'anna@example.com' });
    expect(form).not.toBeInTheDocument();
  });

  it('a signed-in user types only the code; a wrong one says so', async () => {
    backend = fakeBackend({ 'POST users/activate': [404, { error: 'Email confirmation token not found', code: 'confirmation_token_not_found' }], 'GET users/current': [200, sampleUser] });
    const user = userEvent.setup();
    open({}, true);
    await screen.findByRole('form', { name: 'Confirm with the code' });
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
    await user.type(screen.getByLabelText(/^Code from the letter/), 'K7M2QX');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Email confirmation token not found')).toBeInTheDocument();
    expect(backend.calls('POST users/activate')[0]?.body).toEqual({ code: 'K7M2QX' });
  });
});
