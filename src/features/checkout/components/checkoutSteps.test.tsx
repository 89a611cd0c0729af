import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { navigation } from '@/store/navigation';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { activeLaboratorySet, laboratoryReceived } from '@/features/lab/labSlice';
import { appStarted } from '@/store/appActions';
import { sampleUser, analysis, cartOf, patient } from '@/testing/samples';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import { SLOT_FULL_MESSAGE } from '@/shared/validation/order';
import { ApiError } from '@/lib/apiError';
import { ERROR_CODES } from '@/shared/errorCodes';
import { toFailure } from '@/lib/store/resource';
import type { CoverageDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import { orderAddressSaved, submitFailed, visitTimeChosen } from '../checkoutSlice';
import { selectOrderTotals } from '../orderTotals';
import { FeedbackStep } from './FeedbackStep';
import { DataConfirmedStep } from './DataConfirmedStep';
import { VisitTimeStep } from './VisitTimeStep';
import { AddressStep } from './AddressStep';
import { ConfirmEmailStep } from './ConfirmEmailStep';

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

const served = (postalCode: string, visitFee: number): CoverageDto => ({ laboratoryId: '2', country: 'PL', postalCode, served: true, visitFee, currency: 'PLN', servedBy: [] });
const anna = patient(5, 'Anna', 'Checkout', 'female');
const address = { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' };

/** Tomorrow at the given local hour, as the wire's ISO string. */
function tomorrowAt(hour: number): string {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, hour).toISOString();
}

function openStep(ui: React.ReactElement, path: string, user = sampleUser) {
  const app = renderApp(ui, { sagas: 'shop', router: testRouter(path) });
  act(() => {
    writeStorage('token', 'tok-1');
    app.store.dispatch(activeLaboratorySet('2'));
    // The laboratory as the server sends it, with its payment methods (the default first).
    app.store.dispatch(laboratoryReceived({ id: '2', cityName: 'Warsaw', email: 'lab@example.com', aboutLink: '', address: 'ul. Targowa 64', latitude: 52.25, longitude: 21.04, paymentMethods: ['online', 'on_visit'] } as unknown as LaboratoryDto));
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(user));
    app.store.dispatch(appStarted());
  });
  return app;
}

describe('contact step', () => {
  it.each([
    [true, '/order/data-confirmed'],
    [false, '/order/confirm-email'],
  ])('checks out and, e-mail confirmed %s, goes to %s', async (emailConfirmed, target) => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET users/current': [200, { ...sampleUser, emailConfirmed }] });
    const { store } = openStep(<FeedbackStep />, '/order/feedback');
    const phone = await screen.findByLabelText('Phone for the nurse', { exact: false });
    await userEvent.type(phone, '+48 600 100 200');
    await userEvent.click(screen.getByRole('button', { name: 'Check and confirm' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(target));
    expect(shop.calls('GET users/current').length).toBeGreaterThan(0);
    expect(store.getState().checkout.feedbackDetails).toEqual({ useEmail: true, usePhone: true, quickPhone: '+48 600 100 200' });
  });
});

describe('failures in words', () => {
  it('a contact step whose account could not be read again says so in the page language, not the server’s sentence', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET users/current': [500, { error: 'The server’s sentence', code: 'internal' }] });
    openStep(<FeedbackStep />, '/order/feedback');
    await userEvent.click(await screen.findByRole('button', { name: 'Check and confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
  });

  it('visit times that could not be loaded say why, by the code, with a retry', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET nurse-slots': [400, { error: 'The server’s sentence', code: 'laboratory_required' }] });
    openStep(<VisitTimeStep />, '/order/nurse-checkout-time');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a laboratory first');
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('visit time step', () => {
  it("says which analysis keeps some times out (the analysis's timing rule)", async () => {
    const cortisol = { ...analysis(12, 'Cortisol', 30), timing: { latestLocalTime: '10:00' } };
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose, cortisol] })],
      'GET nurse-slots': [200, [{ id: 41, start: tomorrowAt(8), end: tomorrowAt(9), capacity: 2, available: 2 }]],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    openStep(<VisitTimeStep />, '/order/nurse-checkout-time');
    const note = await screen.findByTestId('visit-timing');
    expect(note).toHaveTextContent('Only times that suit every test in your cart are offered:');
    expect(within(note).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cortisol: Sample before 10:00']);
  });

  it.each(['Europe/London', 'Europe/Warsaw'])("names the laboratory's zone once, as the order page does, with the device in %s", async (deviceZone) => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: deviceZone };
    });
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET nurse-slots': [200, [{ id: 41, start: tomorrowAt(8), end: tomorrowAt(9), capacity: 2, available: 2 }]],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    const { store } = openStep(<VisitTimeStep />, '/order/nurse-checkout-time');
    act(() => {
      store.dispatch(laboratoryReceived({ id: '2', cityName: 'Warsaw', country: 'PL', timeZone: 'Europe/Warsaw', email: 'lab@example.com', aboutLink: '', address: 'ul. Targowa 64', latitude: 52.25, longitude: 21.04, paymentMethods: ['online', 'on_visit'] } as unknown as LaboratoryDto));
    });
    await screen.findByRole('radiogroup', { name: /^Times on/ });
    // "Times in Warsaw time", not "Laboratory time (Warsaw): Warsaw time".
    expect(screen.getByTestId('lab-zone-note')).toHaveTextContent(/^Times in Warsaw time$/);
    expect(document.body.textContent?.match(/Warsaw time/g)).toHaveLength(1);
  });

  it('offers only slots with places and shows why the chosen one was lost', async () => {
    const slots: NurseSlotDto[] = [
      { id: 41, start: tomorrowAt(8), end: tomorrowAt(9), capacity: 2, available: 0 },
      { id: 42, start: tomorrowAt(10), end: tomorrowAt(11), capacity: 2, available: 1 },
    ];
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET nurse-slots': [200, slots],
      'POST order/create': [409, { error: SLOT_FULL_MESSAGE, code: 'slot_full' }],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    const { store } = openStep(<VisitTimeStep />, '/order/nurse-checkout-time');
    const times = await screen.findByRole('radiogroup', { name: /^Times on/ });
    expect(within(times).getAllByRole('radio')).toHaveLength(1);
    expect(within(times).getByRole('radio')).toHaveTextContent('1 place left');
    // Only the times that suit the cart's analyses are asked for.
    expect(shop.calls('GET nurse-slots')[0]?.params).toMatchObject({ laboratoryId: '2', forCart: 'true' });

    // The submission found the slot full meanwhile: the step says so.
    act(() => {
      store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: slots[1]?.start ?? '' }));
      store.dispatch(submitFailed({ failure: toFailure(new ApiError(SLOT_FULL_MESSAGE, 409, {}, ERROR_CODES.slotFull)), slotFull: true }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The selected visit time is fully booked, please choose another');
    // Sent without a visit time: the step asks for one, whatever the error's own text.
    act(() => {
      store.dispatch(submitFailed({ failure: toFailure(new Error('Some sentence')), slotFull: true }));
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Choose a visit time'));
  });
});

describe('order summary and submission', () => {
  it('submits and follows the redirect URL of the answer', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET patient': [200, [anna]],
      'POST order/create': [201, { orderId: 90, redirectUrl: '/order/order-submitted?orderId=90' }],
      'GET laboratories/2/coverage': [200, served('00-683', 65)],
    });
    const { store } = openStep(<DataConfirmedStep />, '/order/data-confirmed', { ...sampleUser, emailConfirmed: true });
    act(() => {
      store.dispatch(orderAddressSaved(address));
      store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: tomorrowAt(10) }));
    });
    expect(await screen.findByRole('heading', { name: 'Check your order' })).toBeInTheDocument();
    expect(await screen.findByText('Anna Checkout')).toBeInTheDocument();
    expect(screen.getByText(/Marszałkowska 10/)).toBeInTheDocument();
    // The visit fee is the one of the address's zone, asked of the server.
    await waitFor(() => expect(screen.getByText('Home visit').parentElement).toHaveTextContent('65'));
    expect(shop.calls('GET laboratories/2/coverage')[0]?.params).toMatchObject({ country: 'PL', postalCode: '00-683' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit and pay' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=90'));
    expect(shop.calls('POST order/create')[0]?.body).toMatchObject({ laboratoryId: '2', orderSlotId: 42, orderAddress: address });
  });

  it('a full slot at submission sends the user back to choose another time', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET patient': [200, [anna]],
      'POST order/create': [409, { error: SLOT_FULL_MESSAGE, code: 'slot_full' }],
      'GET laboratories/2/coverage': [200, served('00-683', 49)],
    });
    const { store } = openStep(<DataConfirmedStep />, '/order/data-confirmed', { ...sampleUser, emailConfirmed: true });
    act(() => {
      store.dispatch(orderAddressSaved(address));
      store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: tomorrowAt(10) }));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit and pay' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/nurse-checkout-time'));
    expect(store.getState().checkout).toMatchObject({ slotFull: true, submit: { error: { message: SLOT_FULL_MESSAGE } }, orderSlotId: null });
  });
});

describe('address step', () => {
  const fill = async (postalCode: string) => {
    await userEvent.type(await screen.findByLabelText(/^City/), 'Warsaw');
    await userEvent.type(screen.getByLabelText(/^Street and house number/), 'Targowa 1');
    await userEvent.type(screen.getByLabelText(/^Postal code/), postalCode);
  };

  it('refuses a postal code in the wrong format for the country, with the format in the message', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET patient': [200, [anna]] });
    openStep(<AddressStep />, '/order/address');
    await fill('0368');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to visit time' }));
    expect(await screen.findByText('Enter a Polish postal code like 00-950')).toBeInTheDocument();
    // Not asked of the server (a call left over from the previous test's store may still arrive).
    expect(shop.calls('GET laboratories/2/coverage').map((c) => c.params.postalCode)).not.toContain('0368');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('says at once that the address is served and at what fee, and goes on', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET patient': [200, [anna]], 'GET laboratories/2/coverage': [200, served('03-734', 45)] });
    const { store } = openStep(<AddressStep />, '/order/address');
    await fill('03734');
    expect(await screen.findByTestId('coverage-served')).toHaveTextContent(/45/);
    expect(shop.calls('GET laboratories/2/coverage').at(-1)?.params).toMatchObject({ country: 'PL', postalCode: '03-734' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to visit time' }));
    await waitFor(() => expect(store.getState().checkout.orderAddress.postalCode).toBe('03-734'));
    expect(selectOrderTotals(store.getState(), 'checkout')).toMatchObject({ visitFeeMinor: 4500, visitFeeExact: true });
  });

  it('an unserved postal code names the laboratory that serves it and cannot go on', async () => {
    const unserved: CoverageDto = {
      laboratoryId: '2',
      country: 'PL',
      postalCode: '03-734',
      served: false,
      visitFee: null,
      currency: 'PLN',
      servedBy: [{ id: '3', cityName: 'Warsaw', address: 'ul. Targowa 64', visitFee: 45, currency: 'PLN' }],
    };
    shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [glucose] })], 'GET patient': [200, [anna]], 'GET laboratories/2/coverage': [200, unserved] });
    const { store } = openStep(<AddressStep />, '/order/address');
    await fill('03-734');
    const alert = await screen.findByTestId('coverage-unserved');
    expect(alert).toHaveTextContent('does not make home visits to 03-734');
    expect(alert).toHaveTextContent('Warsaw, ul. Targowa 64');
    expect(screen.getByRole('button', { name: 'Continue to visit time' })).toBeDisabled();
    expect(store.getState().checkout.addressSaved).toBe(false);
  });
});

describe('promo code at the summary', () => {
  it('applies a code as quoted by the server, lowers the total and sends the code with the order', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET patient': [200, [anna]],
      'GET laboratories/2/coverage': [200, served('00-683', 49)],
      'POST order/promo': [200, { promoCode: 'AUTUMN10', discount: 2, subtotal: 20, currency: 'PLN' }],
      'POST order/create': [409, { error: 'This promo code has been used up', code: 'promo_code_used_up', fields: { promoCode: 'This promo code has been used up' } }],
    });
    const { store } = openStep(<DataConfirmedStep />, '/order/data-confirmed', { ...sampleUser, emailConfirmed: true });
    act(() => {
      store.dispatch(orderAddressSaved(address));
      store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: tomorrowAt(10) }));
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'autumn10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('promo-applied')).toHaveTextContent('Promo code AUTUMN10 applied:');
    expect(shop.calls('POST order/promo')[0]?.body).toEqual({ laboratoryId: '2', promoCode: 'autumn10' });
    // The cart − 2 + the zone's 49.
    const cartTotal = store.getState().cart.cart.data?.cartTotal.price ?? NaN;
    await waitFor(() => expect(screen.getByText('Total').parentElement).toHaveTextContent((cartTotal - 2 + 49).toFixed(2)));

    // Used up by others meanwhile: a 409 with a clear message, the code dropped, the cart untouched.
    await userEvent.click(screen.getByRole('button', { name: 'Submit and pay' }));
    expect(await screen.findByText('This promo code has been used up', { selector: '[role=alert] *' })).toBeInTheDocument();
    expect(shop.calls('POST order/create')[0]?.body).toMatchObject({ promoCode: 'AUTUMN10' });
    expect(store.getState().checkout.promo.data).toBeNull();
    expect(store.getState().cart.cart.data).not.toBeNull();
  });

  it('shows why a code was refused next to the field', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET patient': [200, [anna]],
      'GET laboratories/2/coverage': [200, served('00-683', 49)],
      'POST order/promo': [400, { error: 'This promo code has expired', code: 'promo_code_refused', fields: { promoCode: 'This promo code has expired' } }],
    });
    const { store } = openStep(<DataConfirmedStep />, '/order/data-confirmed', { ...sampleUser, emailConfirmed: true });
    act(() => {
      store.dispatch(orderAddressSaved(address));
      store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: tomorrowAt(10) }));
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'OLD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code has expired')).toBeInTheDocument();
  });

  it('words a refused submission from its code, in the texts the server’s sentences said', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET patient': [200, [anna]],
      'GET laboratories/2/coverage': [200, served('00-683', 49)],
      'POST order/create': [
        [400, { error: 'The server’s sentence', code: 'slot_passed', fields: { orderSlotId: 'Choose another visit time' } }],
        [409, { error: 'The server’s sentence', code: 'promo_code_user_limit', fields: { promoCode: 'You have already used this promo code as many times as allowed' } }],
      ],
    });
    const { store } = openStep(<DataConfirmedStep />, '/order/data-confirmed', { ...sampleUser, emailConfirmed: true });
    act(() => {
      store.dispatch(orderAddressSaved(address));
      store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: tomorrowAt(10) }));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit and pay' }));
    expect(await screen.findByText('The selected visit time has already passed, please choose another', { selector: '[role=alert] *' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit and pay' }));
    expect(await screen.findByText('You have already used this promo code as many times as allowed', { selector: '[role=alert] *' })).toBeInTheDocument();
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
  });
});

describe('visit day strip', () => {
  function inDays(n: number, hour: number): string {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, hour).toISOString();
  }

  it('is one Tab stop; the arrow keys move the chosen day over the open days, Home and End to the ends', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'GET nurse-slots': [
        200,
        [
          { id: 51, start: inDays(1, 12), end: inDays(1, 13), capacity: 2, available: 1 },
          { id: 52, start: inDays(4, 12), end: inDays(4, 13), capacity: 2, available: 2 },
          { id: 53, start: inDays(6, 12), end: inDays(6, 13), capacity: 2, available: 2 },
        ],
      ],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    openStep(<VisitTimeStep />, '/order/nurse-checkout-time');
    const strip = await screen.findByRole('radiogroup', { name: 'Day' });
    const radios = within(strip).getAllByRole('radio');
    expect(radios).toHaveLength(30);
    const stops = () => radios.filter((r) => r.tabIndex === 0);
    const checked = () => radios.filter((r) => r.getAttribute('aria-checked') === 'true');
    expect(stops()).toHaveLength(1);
    expect(stops()[0]).toBe(checked()[0]);
    const [first, second, third] = radios.filter((r) => !(r as HTMLButtonElement).disabled);

    const user = userEvent.setup();
    await user.click(first!);
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    expect(checked()).toEqual([second]);
    expect(stops()).toEqual([second]);
    await user.keyboard('{End}');
    expect(checked()).toEqual([third]);
    await user.keyboard('{Home}');
    expect(checked()).toEqual([first]);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toEqual([third]);
    expect(await screen.findByRole('radiogroup', { name: /^Times on/ })).toHaveTextContent('2 places left');
  });
});

describe('/order/confirm-email', () => {
  it('sends the letter and confirms with its code through the account\'s confirmation, then goes on to data confirmed', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, cartOf({ 5: [glucose] })],
      'POST users/send-activation-email': [200, { status: 'ok' }],
      'POST users/activate': [200, {}],
      'GET users/current': [200, { ...sampleUser, emailConfirmed: true }],
    });
    openStep(<ConfirmEmailStep />, '/order/confirm-email', { ...sampleUser, emailConfirmed: false });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the letter' }));
    expect(await screen.findByText(/The letter is on its way/)).toBeInTheDocument();
    expect(window.localStorage.getItem('labShop.emailConfirmationFlow')).toBe('order');
    await user.type(screen.getByLabelText('Code from the letter'), 'tok-7');
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/data-confirmed'));
    expect(shop.calls('POST users/activate')[0]?.body).toEqual({ token: 'tok-7' });
  });
});
