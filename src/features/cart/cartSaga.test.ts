import { writeStorage } from '@/shared/storage';
import { Status } from '@/lib/status';
import { navigation } from '@/store/navigation';
import { appStarted } from '@/store/appActions';
import { loggedIn, logout } from '@/features/auth/authSlice';
import { activeLaboratorySet } from '@/features/lab/labSlice';
import { eventually, fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { analysis, cartOf, swab } from '@/testing/samples';
import { emptyCart } from '@/shared/emptyShapes';
import { testStore } from '@/testing/renderApp';
import {
  addToCartRequested,
  cartRequested,
  materialDecisionMade,
  removeAnalysisRequested,
  removePatientAnalysisRequested,
  removePatientRequested,
  resetCartRequested,
} from './cartSlice';

let shop: FakeBackend | null = null;
afterEach(() => {
  shop?.restore();
  shop = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
beforeEach(() => {
  jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
});

const glucose = analysis(11, 'Glucose', 20);
const tsh = analysis(12, 'TSH', 35);
const culture = analysis(13, 'Throat culture', 40, [swab]);

function loggedInStore(lab = '2') {
  writeStorage('token', 'tok-1');
  const store = testStore({ sagas: 'shop' });
  store.dispatch(activeLaboratorySet(lab));
  store.dispatch(loggedIn());
  return store;
}

describe('cart loading', () => {
  it('loads the cart of the active laboratory on start for a logged-in user', async () => {
    const cart = cartOf({ 5: [glucose] });
    shop = fakeBackend({ 'GET cart/get-cart': [200, cart] });
    const store = loggedInStore('2');
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(cart));
    expect(store.getState().cart.cart.status).toBe(Status.SUCCESS);
    const call = shop.calls('GET cart/get-cart').at(-1);
    expect(call?.params).toEqual({ laboratoryId: '2' });
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('a visitor gets the empty cart (0 EUR) without asking the server', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })] });
    const store = testStore({ sagas: 'shop' });
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().cart.cart.status).toBe(Status.SUCCESS));
    expect(store.getState().cart.cart.data?.cartTotal).toEqual({ price: 0, currency: 'EUR' });
    expect(shop.calls('GET cart/get-cart')).toHaveLength(0);
  });

  it('loads again on login and empties on logout', async () => {
    const cart = cartOf({ 5: [glucose, tsh] });
    shop = fakeBackend({ 'GET cart/get-cart': [200, cart], 'POST logout': [200, {}] });
    const store = testStore({ sagas: 'shop' });
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().cart.cart.status).toBe(Status.SUCCESS));
    expect(shop.calls('GET cart/get-cart')).toHaveLength(0);

    writeStorage('token', 'tok-2');
    store.dispatch(loggedIn());
    await eventually(() => expect(store.getState().cart.cart.data?.cartTotal.price).toBe(cart.cartTotal.price));
    expect(shop.calls('GET cart/get-cart')).toHaveLength(1);

    store.dispatch(logout());
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(emptyCart()));
    expect(store.getState().cart.cart.status).toBe(Status.SUCCESS);
    expect(shop.calls('GET cart/get-cart')).toHaveLength(1);
  });

  it('a failed load is an error the page can retry', async () => {
    let up = false;
    const cart = cartOf({ 5: [glucose] });
    shop = fakeBackend({ 'GET cart/get-cart': () => (up ? [200, cart] : [503, { error: 'Service unavailable' }]) });
    writeStorage('token', 'tok-1');
    const store = testStore({ sagas: 'shop' });
    store.dispatch(loggedIn());
    expect(store.getState().cart.cart.status).toBe(Status.LOADING);
    await eventually(() => expect(store.getState().cart.cart.status).toBe(Status.ERROR));
    expect(store.getState().cart.cart.error?.message).toBe('Service unavailable');
    up = true;
    store.dispatch(cartRequested());
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(cart));
    expect(store.getState().cart.cart.status).toBe(Status.SUCCESS);
  });

  it('a 401 while loading logs the user out', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [401, { error: 'Not authorized' }] });
    const store = loggedInStore();
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().auth.isLoggedIn).toBe(false));
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(emptyCart()));
  });
});

describe('adding to the cart', () => {
  it('adds an analysis for several patients and names them as added', async () => {
    const after = cartOf({ 5: [glucose], 6: [glucose] });
    shop = fakeBackend({ 'GET cart/get-cart': [200, emptyCart()], 'POST cart/add-to-cart': [200, { status: 'added', cart: after }] });
    const store = loggedInStore('2');
    store.dispatch(addToCartRequested({ addableType: 'analysis', addableId: 11, patientIds: [5, 6] }));
    await eventually(() => expect(store.getState().cart.add.status).toBe(Status.SUCCESS));
    expect(shop.calls('POST cart/add-to-cart')[0]?.body).toEqual({ analysisId: 11, patientIds: [5, 6] });
    expect(shop.calls('POST cart/add-to-cart')[0]?.params).toEqual({ laboratoryId: '2' });
    expect(store.getState().cart).toMatchObject({ cart: { data: after }, lastAddedPatientIds: [5, 6], restrictedPatientIds: null });
  });

  it('a profile goes to add-profile-to-cart', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, emptyCart()], 'POST cart/add-profile-to-cart': [200, { status: 'added', cart: cartOf({ 5: [glucose, tsh] }) }] });
    const store = loggedInStore();
    store.dispatch(addToCartRequested({ addableType: 'profile', addableId: 3, patientIds: [5] }));
    await eventually(() => expect(store.getState().cart.add.status).toBe(Status.SUCCESS));
    expect(shop.calls('POST cart/add-profile-to-cart')[0]?.body).toEqual({ profileId: 3, patientIds: [5] });
    expect(shop.calls('POST cart/add-to-cart')).toHaveLength(0);
  });

  it('asks about optional materials, then resends the same add with the decision', async () => {
    const before = emptyCart();
    const after = cartOf({ 5: [culture] });
    shop = fakeBackend({
      'GET cart/get-cart': [200, before],
      'POST cart/add-to-cart': [
        [200, { status: 'optionalMaterialDecisionRequested', cart: before, isBoughtOptionalMaterialMap: { '2': true } }],
        [200, { status: 'added', cart: after }],
      ],
    });
    const store = loggedInStore();
    store.dispatch(addToCartRequested({ addableType: 'analysis', addableId: 13, patientIds: [5] }));
    await eventually(() => expect(store.getState().cart.materialDecision).toEqual({ '2': true }));
    expect(store.getState().cart.add.status).toBe(Status.INITIAL);

    store.dispatch(materialDecisionMade({ '2': false }));
    await eventually(() => expect(store.getState().cart.add.status).toBe(Status.SUCCESS));
    const calls = shop.calls('POST cart/add-to-cart');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ analysisId: 13, patientIds: [5], updateToIsBoughtOptionalMaterialMap: { '2': false } });
    expect(store.getState().cart).toMatchObject({ materialDecision: null, lastAddedPatientIds: [5], pendingAdd: null });
  });

  it('restrictions name the patients left out; the others still count as added', async () => {
    const after = cartOf({ 5: [glucose] });
    shop = fakeBackend({
      'GET cart/get-cart': [200, emptyCart()],
      'POST cart/add-to-cart': [200, { status: 'specificAnalysisRestrictionsApplied', cart: after, patientIds: [6] }],
    });
    const store = loggedInStore();
    store.dispatch(addToCartRequested({ addableType: 'analysis', addableId: 11, patientIds: [5, 6] }));
    await eventually(() => expect(store.getState().cart.restrictedPatientIds).toEqual([6]));
    expect(store.getState().cart).toMatchObject({ lastAddedPatientIds: [5], cart: { data: after } });
  });

  it('restrictions for every patient add nothing', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, emptyCart()],
      'POST cart/add-to-cart': [200, { status: 'specificAnalysisRestrictionsApplied', cart: emptyCart(), patientIds: [6] }],
    });
    const store = loggedInStore();
    store.dispatch(addToCartRequested({ addableType: 'analysis', addableId: 11, patientIds: [6] }));
    await eventually(() => expect(store.getState().cart.restrictedPatientIds).toEqual([6]));
    expect(store.getState().cart).toMatchObject({ lastAddedPatientIds: [] });
  });

  it('a refused add keeps the server message', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, emptyCart()], 'POST cart/add-to-cart': [404, { error: 'Patient not found' }] });
    const store = loggedInStore();
    store.dispatch(addToCartRequested({ addableType: 'analysis', addableId: 11, patientIds: [99] }));
    await eventually(() => expect(store.getState().cart.add.status).toBe(Status.ERROR));
    expect(store.getState().cart.add.error?.message).toBe('Patient not found');
  });
});

describe('changing the cart', () => {
  it.each([
    ['one analysis of one patient', removePatientAnalysisRequested({ patientId: 5, analysisId: 12 }), 'POST cart/remove-patient-analysis', { patientId: 5, analysisId: 12 }, { laboratoryId: '2' }],
    ['a patient', removePatientRequested({ patientId: 6 }), 'POST cart/remove-patient', undefined, { patientId: 6, laboratoryId: '2' }],
    ['an analysis for everyone', removeAnalysisRequested({ analysisId: 11 }), 'POST cart/remove-analysis', undefined, { analysisId: 11, laboratoryId: '2' }],
    ['everything', resetCartRequested(), 'GET cart/reset-cart', undefined, { laboratoryId: '2' }],
  ])('removes %s and shows the answered cart', async (_name, action, route, body, params) => {
    const before = cartOf({ 5: [glucose, tsh], 6: [glucose] });
    const after = cartOf({ 5: [glucose] });
    shop = fakeBackend({ 'GET cart/get-cart': [200, before], [route]: [200, after] });
    const store = loggedInStore('2');
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(before));
    store.dispatch(action);
    expect(store.getState().cart.mutation.status).toBe(Status.LOADING);
    await eventually(() => expect(store.getState().cart.mutation.status).toBe(Status.SUCCESS));
    expect(store.getState().cart.cart.data).toEqual(after);
    const call = shop.calls(route)[0];
    expect(call?.body).toEqual(body);
    expect(call?.params).toEqual(params);
  });

  it('a failed change keeps the cart and reports the message', async () => {
    const before = cartOf({ 5: [glucose] });
    shop = fakeBackend({ 'GET cart/get-cart': [200, before], 'POST cart/remove-patient': [404, { error: 'Patient not found' }] });
    const store = loggedInStore();
    store.dispatch(appStarted());
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(before));
    store.dispatch(removePatientRequested({ patientId: 77 }));
    await eventually(() => expect(store.getState().cart.mutation.status).toBe(Status.ERROR));
    expect(store.getState().cart).toMatchObject({ cart: { data: before }, mutation: { error: { message: 'Patient not found', status: 404 } } });
  });
});
