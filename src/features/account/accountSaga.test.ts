import { all } from 'redux-saga/effects';
import { makeStore } from '@/store/makeStore';
import { navigation } from '@/store/navigation';
import { writeStorage } from '@/shared/storage';
import { Status } from '@/lib/status';
import { authSaga } from '@/features/auth/authSaga';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, eventually, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { accountSaga } from './accountSaga';
import {
  confirmationLetterRequested,
  emailConfirmationRequested,
  emailModalOpened,
  passwordChangeRequested,
  profileUpdateRequested,
} from './accountSlice';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
});

function setup() {
  const store = makeStore({ saga: function* () { yield all([authSaga(), accountSaga()]); } });
  const goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
  writeStorage('token', 'tok-1');
  store.dispatch(loggedIn());
  store.dispatch(currentUserReceived(sampleUser));
  return { store, goTo };
}

describe('e-mail confirmation in settings', () => {
  it('sends the letter, confirms with the token, closes the modal and refreshes the user', async () => {
    backend = fakeBackend({
      'POST users/send-activation-email': [200, {}],
      'POST users/activate': [200, {}],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    const { store, goTo } = setup();
    store.dispatch(emailModalOpened());
    store.dispatch(confirmationLetterRequested({ flow: 'settings' }));
    await eventually(() => expect(store.getState().account.letter.status).toBe(Status.SUCCESS));
    expect(backend.calls('POST users/send-activation-email')[0]?.body).toBeUndefined();
    expect(window.localStorage.getItem('labShop.emailConfirmationFlow')).toBe('settings');

    store.dispatch(emailConfirmationRequested({ token: ' abc123 ', flow: 'settings' }));
    await eventually(() => expect(store.getState().auth.currentUser.data?.emailConfirmed).toBe(true));
    expect(backend.calls('POST users/activate')[0]?.body).toEqual({ token: 'abc123' });
    expect(store.getState().account).toMatchObject({ confirm: { status: Status.SUCCESS }, emailModalOpen: false });
    expect(goTo).not.toHaveBeenCalled();
  });

  it.each([409, 500])('already confirmed (%i) only warns in settings', async (status) => {
    backend = fakeBackend({ 'POST users/send-activation-email': [status, { error: 'Email is already confirmed' }], 'GET users/current': [200, sampleUser] });
    const { store, goTo } = setup();
    store.dispatch(emailModalOpened());
    store.dispatch(confirmationLetterRequested({ flow: 'settings' }));
    await eventually(() => expect(store.getState().account.letterWarning).toBe('Email is already confirmed'));
    expect(store.getState().account.letter.status).toBe(Status.SUCCESS);
    expect(store.getState().account.emailModalOpen).toBe(true);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('another letter failure sets a fail status', async () => {
    backend = fakeBackend({ 'POST users/send-activation-email': [503, { error: 'SMTP down' }] });
    const { store } = setup();
    store.dispatch(confirmationLetterRequested({ flow: 'settings' }));
    await eventually(() => expect(store.getState().account.letter.status).toBe(Status.ERROR));
    expect(store.getState().account.letter.error?.message).toBe('Could not send the letter. Please try again.');
  });

  it.each([404, 500])('an unknown token (%i) shows "Email confirmation token not found" and keeps the modal open', async (status) => {
    backend = fakeBackend({ 'POST users/activate': [status, { error: 'Email confirmation token not found' }] });
    const { store } = setup();
    store.dispatch(emailModalOpened());
    store.dispatch(emailConfirmationRequested({ token: 'nope', flow: 'settings' }));
    await eventually(() => expect(store.getState().account.confirm.status).toBe(Status.ERROR));
    expect(store.getState().account.confirm.error?.message).toBe('Email confirmation token not found');
    expect(store.getState().account.emailModalOpen).toBe(true);
  });
});

describe('e-mail confirmation in the order flow', () => {
  it('already confirmed goes on to data confirmed', async () => {
    backend = fakeBackend({ 'POST users/send-activation-email': [409, { error: 'Email is already confirmed' }], 'GET users/current': [200, sampleUser] });
    const { store, goTo } = setup();
    store.dispatch(confirmationLetterRequested({ flow: 'order' }));
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
    // The spec's call has no body; the flow stays in this browser for the confirmation page.
    expect(backend.calls('POST users/send-activation-email')[0]?.body).toBeUndefined();
    expect(window.localStorage.getItem('labShop.emailConfirmationFlow')).toBe('order');
  });

  it('confirming goes to data confirmed', async () => {
    backend = fakeBackend({ 'POST users/activate': [200, {}], 'GET users/current': [200, { ...sampleUser, emailConfirmed: true }] });
    const { store, goTo } = setup();
    store.dispatch(emailConfirmationRequested({ token: 'abc', flow: 'order' }));
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
    await eventually(() => expect(store.getState().auth.currentUser.data?.emailConfirmed).toBe(true));
  });
});

describe('settings', () => {
  it('saves the profile and keeps the returned user', async () => {
    const updated = { ...sampleUser, firstName: 'Hanna', phone: '+48600100200' };
    backend = fakeBackend({ 'PUT users/7': [200, updated] });
    const { store } = setup();
    const body = { firstName: 'Hanna', lastName: 'Nowak', phone: '+48600100200', dateOfBirth: '1990-05-01' };
    store.dispatch(profileUpdateRequested({ id: 7, body }));
    await eventually(() => expect(store.getState().account.profile.status).toBe(Status.SUCCESS));
    expect(backend.calls('PUT users/7')[0]?.body).toEqual(body);
    expect(store.getState().auth.currentUser.data).toEqual(updated);
  });

  it('a failed profile save is "Error occurred"', async () => {
    backend = fakeBackend({ 'PUT users/7': [400, { error: 'Bad', fields: { phone: 'x' } }] });
    const { store } = setup();
    store.dispatch(profileUpdateRequested({ id: 7, body: { firstName: 'A', lastName: 'B', phone: null, dateOfBirth: null } }));
    await eventually(() => expect(store.getState().account.profile.status).toBe(Status.ERROR));
    expect(store.getState().account.profile.error?.message).toBe('Error occurred');
  });

  it('changes the password on status 200', async () => {
    backend = fakeBackend({ 'PUT users/password': [200, {}] });
    const { store } = setup();
    store.dispatch(passwordChangeRequested({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-22' }));
    await eventually(() => expect(store.getState().account.password.status).toBe(Status.SUCCESS));
    expect(backend.calls('PUT users/password')[0]?.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-22' });
  });

  it.each([204, 400])('any other status (%i) fails with "Failed to change password, see console"', async (status) => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    backend = fakeBackend({ 'PUT users/password': [status, status === 204 ? '' : { error: 'Wrong password' }] });
    const { store } = setup();
    store.dispatch(passwordChangeRequested({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-22' }));
    await eventually(() => expect(store.getState().account.password.status).toBe(Status.ERROR));
    expect(store.getState().account.password.error?.message).toBe('Failed to change password, see console');
    expect(consoleError).toHaveBeenCalledWith('Failed to change password', expect.any(Error));
  });
});
