import { act, screen, waitFor } from '@testing-library/react';
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
