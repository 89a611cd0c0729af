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
import { externalNavigation } from '@/features/payments/redirect';
import type { CoverageDto, LaboratoryDto } from '@/shared/types/api';
import { orderAddressSaved, visitTimeChosen } from '../checkoutSlice';
import { DataConfirmedStep } from './DataConfirmedStep';

let shop: FakeBackend | null = null;
let goTo: jest.SpyInstance;
let assign: jest.SpyInstance;
beforeEach(() => {
  goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
  assign = jest.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  shop?.restore();
  shop = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const glucose = analysis(11, 'Glucose', 20);
const anna = patient(5, 'Anna', 'Checkout', 'female');
const address = { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' };
const served = (currency: CoverageDto['currency']): CoverageDto => ({ laboratoryId: '2', country: 'PL', postalCode: '00-683', served: true, visitFee: 49, currency, servedBy: [] });

function tomorrowAt(hour: number): string {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, hour).toISOString();
}

function openSummary(routes: Parameters<typeof fakeBackend>[0], currency: CoverageDto['currency'] = 'PLN') {
  const cart = cartOf({ 5: [glucose] });
  cart.cartTotal = { ...cart.cartTotal, currency };
  // The laboratory as the server sends it: its payment methods (online only where a provider serves its currency), the default first.
  const laboratory = { id: '2', cityName: 'Warsaw', email: 'lab@example.com', aboutLink: '', address: 'ul. Targowa 64', latitude: 52.25, longitude: 21.04, currency, paymentMethods: currency === 'BYN' ? ['on_visit'] : ['online', 'on_visit'] };
  shop = fakeBackend({ 'GET cart/get-cart': [200, cart], 'GET patient': [200, [anna]], 'GET laboratories/2/coverage': [200, served(currency)], ...routes });
  const app = renderApp(<DataConfirmedStep />, { sagas: 'shop', router: testRouter('/order/data-confirmed') });
  act(() => {
    writeStorage('token', 'tok-1');
    app.store.dispatch(activeLaboratorySet('2'));
    app.store.dispatch(laboratoryReceived(laboratory as unknown as LaboratoryDto));
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived({ ...sampleUser, emailConfirmed: true }));
    app.store.dispatch(appStarted());
    app.store.dispatch(orderAddressSaved(address));
    app.store.dispatch(visitTimeChosen({ orderSlotId: 42, nurseCheckoutDate: tomorrowAt(10) }));
  });
  return app;
}

describe('payment at the summary step', () => {
  it('a PLN laboratory offers online (the default, with the refund rule) and pay on visit; online goes to the operator by a full navigation', async () => {
    openSummary({ 'POST order/create': [201, { orderId: 90, redirectUrl: 'https://sandbox.przelewy24.pl/trnRequest/TOKEN-1' }] });
    const methods = await screen.findByRole('radiogroup', { name: 'Payment' });
    expect(within(methods).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['online', 'on_visit']);
    expect(within(methods).getByRole('radio', { name: /Pay online now/ })).toBeChecked();
    expect(screen.getByTestId('refund-rule')).toHaveTextContent(
      'cancel until 24 h before the visit: full refund; if the nurse finds nobody at home: the home-visit fee is kept',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.przelewy24.pl/trnRequest/TOKEN-1'));
    expect(shop?.calls('POST order/create')[0]?.body).toMatchObject({ paymentMethod: 'online', orderSlotId: 42 });
    expect(goTo).not.toHaveBeenCalledWith(expect.stringContaining('przelewy24'));
  });

  it('choosing pay on visit sends it and follows the shop\'s own redirect', async () => {
    openSummary({ 'POST order/create': [201, { orderId: 91, redirectUrl: '/order/order-submitted?orderId=91' }] });
    await userEvent.click(await screen.findByRole('radio', { name: /Pay on visit/ }));
    expect(screen.queryByTestId('refund-rule')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=91'));
    expect(shop?.calls('POST order/create')[0]?.body).toMatchObject({ paymentMethod: 'on_visit' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('a BYN laboratory is paid on visit only', async () => {
    openSummary({ 'POST order/create': [201, { orderId: 92, redirectUrl: '/order/order-submitted?orderId=92' }] }, 'BYN');
    expect(await screen.findByText('This laboratory takes payment on visit only.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Payment' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(shop?.calls('POST order/create')[0]?.body).toMatchObject({ paymentMethod: 'on_visit' }));
  });

  it('a payment that could not start offers "Try again" and "Pay on visit", with the same idempotency key', async () => {
    openSummary({
      'POST order/create': [
        [502, { error: 'Payment could not start', code: 'payment_unavailable', orderId: 90, redirectUrl: '/order/order-submitted?orderId=90' }],
        [201, { orderId: 93, redirectUrl: '/order/order-submitted?orderId=93' }],
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit and pay' }));
    const notice = await screen.findByTestId('payment-not-started');
    expect(notice).toHaveTextContent('Payment could not start. Try again or pay on visit.');
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Pay on visit' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=93'));
    const [first, second] = shop?.calls('POST order/create') ?? [];
    expect(first?.body).toMatchObject({ paymentMethod: 'online' });
    expect(second?.body).toMatchObject({ paymentMethod: 'on_visit' });
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });
});
