import { all } from 'redux-saga/effects';
import { makeStore } from '@/store/makeStore';
import { navigation } from '@/store/navigation';
import { readStorage, writeStorage } from '@/shared/storage';
import { Status } from '@/lib/status';
import { appStarted } from '@/store/appActions';
import { patientsReceived } from '@/features/patients/patientsSlice';
import { emailModalOpened } from '@/features/account/accountSlice';
import { authSaga } from './authSaga';
import { authNavigation } from './authNavigation';
import {
  authModalOpened,
  loggedIn,
  loginRequested,
  logout,
  newPasswordRequested,
  passwordResetRequested,
  registerRequested,
  selectRegisterFieldMarks,
} from './authSlice';
import { fakeBackend, eventually, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { fakePushBrowser, fakeSubscription } from '@/lib/testing/fakePushBrowser';

const registerForm = { email: 'anna@example.com', password: 'Secret-pass-1', firstName: 'Anna', lastName: 'Nowak' };

function setup(location: { pathname: string; query: Record<string, string> } | null = { pathname: '/login', query: {} }) {
  const store = makeStore({ saga: function* () { yield all([authSaga()]); } });
  jest.spyOn(authNavigation, 'location').mockReturnValue(location);
  const push = jest.spyOn(authNavigation, 'push').mockResolvedValue(undefined);
  const replace = jest.spyOn(authNavigation, 'replace').mockResolvedValue(undefined);
  const goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
  return { store, push, replace, goTo };
}

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('login', () => {
  it('stores the token, logs in, loads the current user and goes home', async () => {
    backend = fakeBackend({ 'POST login': [200, { access_token: 'tok-1' }], 'GET users/current': [200, sampleUser] });
    const { store, push, replace } = setup();
    store.dispatch(loginRequested({ username: 'anna@example.com', password: 'pw' }));
    await eventually(() => expect(store.getState().auth.currentUser.data).toEqual(sampleUser));
    expect(readStorage('token')).toBe('tok-1');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, login: { status: Status.SUCCESS, error: null } });
    expect(backend.calls('POST login')[0]?.body).toEqual({ username: 'anna@example.com', password: 'pw' });
    expect(backend.calls('GET users/current')[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(push).toHaveBeenCalledWith('/');
    expect(replace).not.toHaveBeenCalled();
  });

  it('inside the add-to-cart flow reloads the same page with addableFlowPage=addPatients', async () => {
    backend = fakeBackend({ 'POST login': [200, { access_token: 'tok-1' }], 'GET users/current': [200, sampleUser] });
    const location = { pathname: '/add-to-cart/[addableType]/[addableId]', query: { addableType: 'analysis', addableId: '5', addableFlowPage: 'login' } };
    const { store, push, replace } = setup(location);
    store.dispatch(loginRequested({ username: 'anna@example.com', password: 'pw' }));
    await eventually(() => expect(replace).toHaveBeenCalled());
    expect(replace).toHaveBeenCalledWith({ pathname: location.pathname, query: { ...location.query, addableFlowPage: 'addPatients' } });
    expect(push).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'Wrong e-mail or password'],
    [429, 'Too many attempts. Please wait a few minutes and try again.'],
    [500, 'Unknown error'],
    [400, 'Unknown error'],
  ])('on status %i removes the token and shows "%s"', async (status, message) => {
    writeStorage('token', 'old-token');
    backend = fakeBackend({ 'POST login': [status, { error: 'no' }] });
    const { store, push, goTo } = setup();
    store.dispatch(loginRequested({ username: 'anna@example.com', password: 'bad' }));
    await eventually(() => expect(store.getState().auth.login.status).toBe(Status.ERROR));
    expect(store.getState().auth.login.error).toMatchObject({ status, message });
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readStorage('token')).toBeNull();
    expect(push).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('register', () => {
  it('logs in, switches the auth modal to login and loads the user', async () => {
    backend = fakeBackend({ 'POST register': [201, { accessToken: 'tok-r' }], 'GET users/current': [200, sampleUser] });
    const { store, push } = setup();
    store.dispatch(authModalOpened('register'));
    store.dispatch(registerRequested(registerForm));
    await eventually(() => expect(store.getState().auth.currentUser.data).toEqual(sampleUser));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, register: { status: Status.SUCCESS }, modalMode: 'login' });
    expect(readStorage('token')).toBe('tok-r');
    expect(backend.calls('POST register')[0]?.body).toEqual(registerForm);
    expect(push).toHaveBeenCalledWith('/');
  });

  it('400 is "Such user exists" on the e-mail field and the UI message "Duplicating fields found"', async () => {
    backend = fakeBackend({ 'POST register': [400, { error: 'Such user exists' }] });
    const { store, push } = setup();
    store.dispatch(registerRequested(registerForm));
    await eventually(() => expect(store.getState().auth.register.status).toBe(Status.ERROR));
    expect(store.getState().auth.register.error).toEqual({ status: 400, code: null, message: 'Duplicating fields found', fields: {} });
    expect(selectRegisterFieldMarks(store.getState())).toEqual({ email: 'Such user exists' });
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readStorage('token')).toBeNull();
    expect(push).not.toHaveBeenCalled();
  });

  it('a 400 about a leaked password keeps the title and says what is wrong with the password, not "Such user exists"', async () => {
    const leaked = 'This password appears in lists of leaked passwords; choose another';
    backend = fakeBackend({ 'POST register': [400, { error: leaked, fields: { password: leaked } }] });
    const { store } = setup();
    store.dispatch(registerRequested(registerForm));
    await eventually(() => expect(store.getState().auth.register.status).toBe(Status.ERROR));
    expect(store.getState().auth.register.error).toMatchObject({ status: 400, message: 'Duplicating fields found' });
    expect(selectRegisterFieldMarks(store.getState())).toEqual({ password: leaked });
  });

  it('any other failure still gives "Duplicating fields found"', async () => {
    backend = fakeBackend({ 'POST register': [503, { error: 'Down for maintenance' }] });
    const { store } = setup();
    store.dispatch(registerRequested(registerForm));
    await eventually(() => expect(store.getState().auth.register.status).toBe(Status.ERROR));
    expect(store.getState().auth.register.error).toMatchObject({ status: 503, message: 'Duplicating fields found', fields: {} });
    expect(selectRegisterFieldMarks(store.getState())).toEqual({});
  });
});

describe('register over the limit', () => {
  it('429 keeps the spec\'s UI message and gives "too many attempts" as the reason', async () => {
    backend = fakeBackend({ 'POST register': [429, { error: 'Too many requests, try again later', code: 'rate_limited' }] });
    const { store } = setup();
    store.dispatch(registerRequested(registerForm));
    await eventually(() => expect(store.getState().auth.register.status).toBe(Status.ERROR));
    expect(store.getState().auth.register.error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Duplicating fields found', fields: {} });
  });
});

describe('logout', () => {
  it('removes the token, revokes it on the server and resets the statuses and the user data', async () => {
    backend = fakeBackend({ 'POST logout': [200, {}], 'GET users/current': [200, sampleUser] });
    writeStorage('token', 'tok-1');
    const { store } = setup();
    store.dispatch(loggedIn());
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().auth.currentUser.data).toEqual(sampleUser));
    store.dispatch(patientsReceived([{ id: 1, personalDetails: { firstName: 'A', lastName: 'B', gender: 'male', dateOfBirth: '2000-01-01', email: null, phone: null }, address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' } }]));
    store.dispatch(emailModalOpened());

    store.dispatch(logout());
    expect(readStorage('token')).toBeNull();
    await eventually(() => expect(backend?.calls('POST logout')).toHaveLength(1));
    expect(backend.calls('POST logout')[0]?.headers.Authorization).toBe('Bearer tok-1');
    const s = store.getState();
    expect(s.auth).toMatchObject({ isLoggedIn: false, currentUser: { status: Status.INITIAL, data: null, error: null }, login: { status: Status.INITIAL, error: null } });
    expect(s.patients.list.data).toEqual([]);
    expect(s.patients.list.status).toBe(Status.INITIAL);
    expect(s.account.emailModalOpen).toBe(false);
  });

  it("ends this browser's push subscription, so the next person on the device gets none of the account's notifications", async () => {
    backend = fakeBackend({ 'POST logout': [204, undefined] });
    const browser = fakePushBrowser({ permission: 'granted' });
    const subscription = fakeSubscription();
    browser.subscription = subscription;
    try {
      writeStorage('token', 'tok-1');
      const { store } = setup();
      store.dispatch(loggedIn());
      store.dispatch(logout());
      await eventually(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
      await eventually(() => expect(backend?.calls('POST logout')).toHaveLength(1));
      expect(browser.subscription).toBeNull();
    } finally {
      browser.remove();
    }
  });

  it('still signs out when revoking fails', async () => {
    backend = fakeBackend({ 'POST logout': [500, { error: 'boom' }] });
    writeStorage('token', 'tok-1');
    const { store } = setup();
    store.dispatch(loggedIn());
    store.dispatch(logout());
    await eventually(() => expect(backend?.calls('POST logout')).toHaveLength(1));
    expect(readStorage('token')).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(store.sagaTask?.isRunning()).toBe(true);
  });
});

describe('start-up', () => {
  it('loads the current user when a token is stored', async () => {
    backend = fakeBackend({ 'GET users/current': [200, sampleUser] });
    writeStorage('token', 'tok-1');
    const { store } = setup();
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().auth.currentUser.status).toBe(Status.SUCCESS));
  });

  it('does not call the server without a token', async () => {
    backend = fakeBackend({});
    const { store } = setup();
    store.dispatch(appStarted());
    await new Promise((r) => setTimeout(r, 20));
    expect(backend.requests).toHaveLength(0);
    expect(store.getState().auth.currentUser.status).toBe(Status.INITIAL);
  });

  it('an expired stored token logs out and returns home', async () => {
    backend = fakeBackend({ 'GET users/current': [401, { error: 'Not authorized' }], 'POST logout': [401, {}] });
    writeStorage('token', 'expired');
    const { store, goTo } = setup();
    store.dispatch(loggedIn());
    store.dispatch(appStarted());
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/'));
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readStorage('token')).toBeNull();
  });
});

describe('password reset', () => {
  it('asks for the reset mail and shows the success part of the login page', async () => {
    backend = fakeBackend({ 'POST users/password': [200, {}] });
    const { store } = setup();
    store.dispatch(passwordResetRequested('anna@example.com'));
    await eventually(() => expect(store.getState().auth.loginPagePart).toBe('resetPasswordSuccess'));
    expect(backend.calls('POST users/password')[0]?.body).toEqual({ email: 'anna@example.com' });
  });

  it('sets the new password with the mailed token', async () => {
    backend = fakeBackend({ 'PUT users/password': [200, {}] });
    const { store } = setup();
    store.dispatch(newPasswordRequested({ token: 'reset-tok', newPassword: 'New-secret-2' }));
    await eventually(() => expect(store.getState().auth.newPassword.status).toBe(Status.SUCCESS));
    expect(backend.calls('PUT users/password')[0]?.body).toEqual({ token: 'reset-tok', newPassword: 'New-secret-2' });
  });

  it('an expired reset link says so', async () => {
    backend = fakeBackend({ 'PUT users/password': [400, { error: 'Invalid token' }] });
    const { store } = setup();
    store.dispatch(newPasswordRequested({ token: 'old', newPassword: 'New-secret-2' }));
    await eventually(() => expect(store.getState().auth.newPassword.status).toBe(Status.ERROR));
    expect(store.getState().auth.newPassword.error).toMatchObject({ status: 400, message: 'The link has expired or was already used. Ask for a new one.' });
  });
});
