import Cookies from 'js-cookie';
import { makeStore } from '@/store/makeStore';
import { LAB_COOKIE, STORAGE_KEYS } from '@/shared/storage';
import { Status } from '@/lib/status';
import type { LaboratoryDto } from '@/shared/types/api';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { appStarted } from '@/store/appActions';
import { fakeBackend } from '@/testing/fakeBackend';
import { labSaga } from './labSaga';
import { activeLaboratorySet, laboratoryChosen, laboratoryReceived, listReceived, selectorOpened } from './labSlice';

const lab = (id: string): LaboratoryDto => ({ id, cityName: `City ${id}`, email: '', aboutLink: '', address: `Street ${id}`, latitude: 0, longitude: 0 });
const user = {
  id: 9,
  username: 'u@example.test',
  firstName: 'U',
  lastName: 'V',
  email: 'u@example.test',
  emailConfirmed: true,
  phone: null,
  dateOfBirth: null,
  role: 'patient' as const,
};
const settle = () => new Promise((r) => setTimeout(r, 10));

let backend: ReturnType<typeof fakeBackend>;
let saved: unknown[];
beforeEach(() => {
  window.localStorage.clear();
  Cookies.remove(LAB_COOKIE, { path: '/' });
  saved = [];
  backend = fakeBackend({
    'GET laboratories': [200, [lab('1'), lab('2')]],
    'GET laboratories/1': [200, lab('1')],
    'GET laboratories/2': [200, lab('2')],
    'PUT users/9': (req) => {
      saved.push(req.body);
      return [200, { ...user, laboratoryId: '2' }];
    },
  });
});
afterEach(() => backend.restore());

describe('labSaga', () => {
  it('a first visitor\'s selector opens with the list the server render gave, without a request', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(listReceived([lab('1'), lab('2')]));
    store.dispatch(appStarted());
    await settle();
    expect(store.getState().lab.selectorOpen).toBe(true);
    expect(store.getState().lab.list.data.map((l) => l.id)).toEqual(['1', '2']);
    expect(backend.requests.map((r) => r.route)).toEqual([]);
  });

  it('a later opening of the selector loads the full list again', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(listReceived([lab('1')]));
    store.dispatch(appStarted());
    await settle();
    expect(backend.requests).toHaveLength(0);
    store.dispatch(laboratoryChosen('1'));
    store.dispatch(selectorOpened());
    await settle();
    expect(backend.requests.map((r) => r.route)).toContain('GET laboratories');
    expect(store.getState().lab.list.data.map((l) => l.id)).toEqual(['1', '2']);
  });

  it('without a list from the server, opening the selector loads it', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(appStarted());
    await settle();
    expect(store.getState().lab.selectorOpen).toBe(true);
    expect(backend.requests.map((r) => r.route)).toEqual(['GET laboratories']);
    expect(store.getState().lab.list.status).toBe(Status.SUCCESS);
  });

  it('stores the active laboratory in storage and the cookie and loads it only when it differs', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(laboratoryReceived(lab('1')));
    store.dispatch(activeLaboratorySet('1'));
    await settle();
    expect(window.localStorage.getItem(STORAGE_KEYS.activeLaboratoryId)).toBe('1');
    expect(Cookies.get(LAB_COOKIE)).toBe('1');
    expect(backend.requests.map((r) => r.route)).toEqual([]);

    store.dispatch(activeLaboratorySet('2'));
    await settle();
    expect(backend.requests.map((r) => r.route)).toEqual(['GET laboratories/2']);
    expect(store.getState().lab.laboratory.data?.id).toBe('2');
    expect(store.getState().lab.laboratory.status).toBe(Status.SUCCESS);
  });

  it('saves the choice for a logged-in user', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(loggedIn());
    store.dispatch(currentUserReceived(user));
    store.dispatch(laboratoryChosen('2'));
    await settle();
    expect(saved).toEqual([{ laboratoryId: '2' }]);
    expect(store.getState().lab.save.status).toBe(Status.SUCCESS);
    expect(store.getState().lab.activeLaboratoryId).toBe('2');
  });

  it('does not call the user API for a visitor', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(laboratoryChosen('1'));
    await settle();
    expect(backend.requests.map((r) => r.route)).toEqual(['GET laboratories/1']);
  });

  it('forgets a stored laboratory that no longer exists and opens the selector', async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(activeLaboratorySet('404'));
    await settle();
    expect(store.getState().lab.activeLaboratoryId).toBeNull();
    expect(store.getState().lab.selectorOpen).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.activeLaboratoryId)).toBeNull();
    expect(Cookies.get(LAB_COOKIE)).toBeUndefined();
  });

  it("adopts the user's saved laboratory when none is chosen in this browser", async () => {
    const store = makeStore({ saga: labSaga });
    store.dispatch(appStarted());
    expect(store.getState().lab.selectorOpen).toBe(true);
    store.dispatch(currentUserReceived({ ...user, laboratoryId: '1' } as typeof user));
    await settle();
    expect(store.getState().lab.activeLaboratoryId).toBe('1');
    expect(store.getState().lab.selectorOpen).toBe(false);
  });
});
