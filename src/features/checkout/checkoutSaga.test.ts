import { writeStorage } from '@/shared/storage';
import { Status } from '@/lib/status';
import { navigation } from '@/store/navigation';
import { loggedIn } from '@/features/auth/authSlice';
import { activeLaboratorySet } from '@/features/lab/labSlice';
import { appStarted } from '@/store/appActions';
import { eventually, fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser, analysis, cartOf } from '@/testing/samples';
import { emptyCart } from '@/shared/emptyShapes';
import { testStore } from '@/testing/renderApp';
import { SLOT_FULL_MESSAGE } from '@/shared/validation/order';
import {
  checkoutRequested,
  orderAddressSaved,
  promoRequested,
  paymentMethodChosen,
  submitRequested,
  visitTimeChosen,
} from './checkoutSlice';
import { CHECKOUT_STORAGE_KEY, OLD_CHECKOUT_STORAGE_KEY } from './checkoutSaga';
import { confirmationLetterRequested, emailConfirmationRequested } from '@/features/account';

let shop: FakeBackend | null = null;
let goTo: jest.SpyInstance;
beforeEach(() => {
  goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
});
afterEach(() => {
  shop?.restore();
  shop = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const glucose = analysis(11, 'Glucose', 20);
const address = { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', floor: '1', apartment: '1', intercomCode: '12#', notes: 'Ring twice' };
const feedback = { useEmail: true, usePhone: true, quickPhone: '+48 600 100 200' };
const SLOT_START = '2030-05-06T08:00:00.000Z';

function checkoutStore() {
  writeStorage('token', 'tok-1');
  const store = testStore({ sagas: 'shop' });
  store.dispatch(activeLaboratorySet('2'));
  store.dispatch(loggedIn());
  store.dispatch(appStarted());
  return store;
}

describe('checkout', () => {
  it('a checkout kept under the old key (begun before the rename) is restored and moved to the new key', () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET users/current': [200, sampleUser] });
    const kept = { orderAddress: address, orderSlotId: 41, nurseCheckoutDate: SLOT_START, feedbackDetails: feedback, idempotencyKey: 'k-1', addressSaved: true };
    window.sessionStorage.setItem(OLD_CHECKOUT_STORAGE_KEY, JSON.stringify(kept));
    const store = checkoutStore();
    expect(store.getState().checkout).toMatchObject(kept);
    expect(window.sessionStorage.getItem(OLD_CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY) ?? '{}')).toEqual(kept);
  });

  it('a promo code asked for without a laboratory fails as laboratory_required, without a call', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })] });
    writeStorage('token', 'tok-1');
    const store = testStore({ sagas: 'shop' });
    store.dispatch(loggedIn());
    store.dispatch(promoRequested('AUTUMN10'));
    await eventually(() => expect(store.getState().checkout.promo.status).toBe(Status.ERROR));
    expect(store.getState().checkout.promo.error).toMatchObject({ status: null, code: 'laboratory_required' });
    expect(shop.calls('POST order/promo')).toHaveLength(0);
  });

  it.each([
    [true, '/order/data-confirmed'],
    [false, '/order/confirm-email'],
  ])('saves the data, refreshes the user (confirmed %s) and goes to %s', async (emailConfirmed, target) => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET users/current': [200, { ...sampleUser, emailConfirmed }] });
    const store = checkoutStore();
    store.dispatch(orderAddressSaved(address));
    store.dispatch(visitTimeChosen({ orderSlotId: 41, nurseCheckoutDate: SLOT_START }));
    store.dispatch(checkoutRequested(feedback));
    await eventually(() => expect(goTo).toHaveBeenCalledWith(target));
    expect(store.getState().checkout.checkout.status).toBe(Status.SUCCESS);
    expect(store.getState().auth.currentUser.data?.emailConfirmed).toBe(emailConfirmed);
    const saved = JSON.parse(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(saved).toMatchObject({ orderAddress: address, orderSlotId: 41, nurseCheckoutDate: SLOT_START, feedbackDetails: feedback });
  });

  it('a failed refresh keeps the user on the step with the message', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET users/current': [503, { error: 'Service unavailable' }] });
    const store = checkoutStore();
    store.dispatch(checkoutRequested(feedback));
    await eventually(() => expect(store.getState().checkout.checkout.status).toBe(Status.ERROR));
    expect(store.getState().checkout.checkout.error?.message).toBe('Service unavailable');
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('e-mail confirmation in the order (the account\'s confirmation, flow \'order\')', () => {
  it('the letter asks for a link back into the order flow', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'POST users/send-activation-email': [200, { status: 'ok' }] });
    const store = checkoutStore();
    store.dispatch(confirmationLetterRequested({ flow: 'order' }));
    await eventually(() => expect(store.getState().account.letter.status).toBe(Status.SUCCESS));
    // The spec's call has no body; the flow stays in this browser for the confirmation page.
    expect(shop.calls('POST users/send-activation-email')[0]?.body).toBeUndefined();
    expect(window.localStorage.getItem('labShop.emailConfirmationFlow')).toBe('order');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('decides on the code: the shop backend\'s already-confirmed goes on, its internal error does not', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'POST users/send-activation-email': [500, { error: 'Email is already confirmed', code: 'internal' }],
    });
    const store = checkoutStore();
    store.dispatch(confirmationLetterRequested({ flow: 'order' }));
    await eventually(() => expect(store.getState().account.letter.status).toBe(Status.ERROR));
    expect(goTo).not.toHaveBeenCalled();

    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'POST users/send-activation-email': [409, { error: 'Die Adresse ist schon bestätigt', code: 'email_already_confirmed' }],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    store.dispatch(confirmationLetterRequested({ flow: 'order' }));
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
  });

  it.each([409, 500])('already confirmed (%i) goes on to data confirmed', async (status) => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'POST users/send-activation-email': [status, { error: 'Email is already confirmed' }],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    const store = checkoutStore();
    store.dispatch(confirmationLetterRequested({ flow: 'order' }));
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
    expect(store.getState().auth.currentUser.data?.emailConfirmed).toBe(true);
  });

  it('the token from the letter confirms and goes on; an unknown token says so', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'POST users/activate': (req) => ((req.body as { token: string }).token === 'good' ? [200, {}] : [500, { error: 'Internal' }]),
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    const store = checkoutStore();
    store.dispatch(emailConfirmationRequested({ token: 'wrong', flow: 'order' }));
    await eventually(() => expect(store.getState().account.confirm.status).toBe(Status.ERROR));
    expect(store.getState().account.confirm.error?.message).toBe('Email confirmation token not found');
    store.dispatch(emailConfirmationRequested({ token: ' good ', flow: 'order' }));
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
    expect(shop.calls('POST users/activate').map((c) => c.body)).toEqual([{ token: 'wrong' }, { token: 'good' }]);
  });
});

describe('order submission', () => {
  function readyToSubmit(routes: Parameters<typeof fakeBackend>[0]) {
    let cartEmptied = false;
    shop = fakeBackend({ 'GET cart/get-cart': () => [200, cartEmptied ? emptyCart() : cartOf({ 5: [glucose] })], ...routes });
    const store = checkoutStore();
    store.dispatch(orderAddressSaved(address));
    store.dispatch(visitTimeChosen({ orderSlotId: 41, nurseCheckoutDate: SLOT_START }));
    return { store, emptyTheCart: () => (cartEmptied = true) };
  }

  it('sends the checkout data with an idempotency key, goes to the redirect URL and reloads the emptied cart', async () => {
    let emptied: () => void = () => undefined;
    const { store, emptyTheCart } = readyToSubmit({
      'POST order/create': () => {
        emptied();
        return [201, { orderId: 77, redirectUrl: '/order/order-submitted?orderId=77' }];
      },
    });
    emptied = emptyTheCart;
    // The summary step chose the method (paymentChoice); the saga sends it as chosen and decides nothing again.
    store.dispatch(paymentMethodChosen('online'));
    store.dispatch(submitRequested());
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=77'));
    const call = shop?.calls('POST order/create')[0];
    expect(call?.body).toEqual({ laboratoryId: '2', nurseCheckoutDate: SLOT_START, orderSlotId: 41, orderAddress: address, feedbackDetails: { useEmail: true, usePhone: true, quickPhone: '' }, paymentMethod: 'online' });
    expect(typeof call?.headers['Idempotency-Key']).toBe('string');
    expect(String(call?.headers['Idempotency-Key']).length).toBeGreaterThan(8);
    await eventually(() => expect(store.getState().cart.cart.data).toEqual(emptyCart()));
    expect(store.getState().checkout).toMatchObject({ submit: { status: Status.SUCCESS }, orderSlotId: null, nurseCheckoutDate: null, idempotencyKey: null });
  });

  it('shows the cart empty (no badge) when the order-submitted page opens', async () => {
    let emptied: () => void = () => undefined;
    const { store, emptyTheCart } = readyToSubmit({
      'POST order/create': () => {
        emptied();
        return [201, { orderId: 79, redirectUrl: '/order/order-submitted?orderId=79' }];
      },
    });
    emptied = emptyTheCart;
    await eventually(() => expect(store.getState().cart.cart.data?.cartTotal.price).toBeGreaterThan(0));
    let totalWhenNavigating: number | undefined;
    goTo.mockImplementation(async () => {
      totalWhenNavigating = store.getState().cart.cart.data?.cartTotal.price;
    });
    store.dispatch(submitRequested());
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=79'));
    expect(totalWhenNavigating).toBe(0);
  });

  it('a retry after a failure sends the same idempotency key', async () => {
    let attempt = 0;
    const { store } = readyToSubmit({
      'POST order/create': () => (++attempt === 1 ? [503, { error: 'Service unavailable' }] : [201, { orderId: 78, redirectUrl: '/order/order-submitted?orderId=78' }]),
    });
    store.dispatch(submitRequested());
    await eventually(() => expect(store.getState().checkout.submit.status).toBe(Status.ERROR));
    expect(store.getState().checkout).toMatchObject({ submit: { error: { message: 'Service unavailable' } }, slotFull: false, orderSlotId: 41 });
    expect(goTo).not.toHaveBeenCalled();
    store.dispatch(submitRequested());
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=78'));
    const keys = shop?.calls('POST order/create').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys?.[0]).toBe(keys?.[1]);
  });

  it('a full slot (409) says so, forgets the slot and returns to the visit time', async () => {
    const { store } = readyToSubmit({ 'POST order/create': [409, { error: SLOT_FULL_MESSAGE, code: 'slot_full' }] });
    store.dispatch(submitRequested());
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/nurse-checkout-time'));
    expect(store.getState().checkout).toMatchObject({ submit: { status: Status.ERROR, error: { message: SLOT_FULL_MESSAGE, status: 409 } }, slotFull: true, orderSlotId: null, nurseCheckoutDate: null });
    // The cart is untouched.
    expect(store.getState().cart.cart.data).toEqual(cartOf({ 5: [glucose] }));
  });

  it('without a chosen visit time nothing is sent', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })] });
    const store = checkoutStore();
    store.dispatch(submitRequested());
    await eventually(() => expect(goTo).toHaveBeenCalledWith('/order/nurse-checkout-time'));
    expect(shop.calls('POST order/create')).toHaveLength(0);
  });
});
