import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { navigation } from '@/store/navigation';
import { loggedIn } from '@/features/auth/authSlice';
import { activeLaboratorySet, laboratoryReceived } from '@/features/lab/labSlice';
import { appStarted } from '@/store/appActions';
import { orderAddressSaved } from '../checkoutSlice';
import { CartView } from './CartView';
import { analysis, cartOf, patient, swab, tube } from '@/testing/samples';
import { emptyCart } from '@/shared/emptyShapes';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';

let shop: FakeBackend | null = null;
beforeEach(() => {
  jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
});
afterEach(() => {
  shop?.restore();
  shop = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const glucose = analysis(11, 'Glucose', 20, [tube]);
const tsh = analysis(12, 'TSH', 35, [tube]);
const culture = analysis(13, 'Throat culture', 40, [swab]);
const anna = patient(5, 'Anna', 'Checkout', 'female');
const jan = patient(6, 'Jan', 'Checkout', 'male');

// Standard fee 50; its cheapest zone costs 45.
const lab = { id: '2', cityName: 'Warsaw', email: 'lab@example.test', aboutLink: '', address: 'Main 1', latitude: 0, longitude: 0, currency: 'PLN' as const, visitFee: 50, visitFeeFrom: 45 };

/** Anna: glucose + TSH share one blood tube; Jan: glucose, and a swab he brings himself. */
function fullCart() {
  const cart = cartOf({ 5: [glucose, tsh], 6: [glucose, culture] });
  const janSwab = cart.materialCartRefMapsByPatientId['6']?.['2'];
  if (janSwab) janSwab.bought = false;
  cart.subCartTotalsByPatientId['6'] = { price: 62, currency: 'PLN' };
  cart.cartTotal = { price: 119, currency: 'PLN' };
  return cart;
}

function open(asUser = true) {
  const app = renderApp(<CartView />, { sagas: 'shop', router: testRouter('/order/cart') });
  act(() => {
    app.store.dispatch(activeLaboratorySet('2'));
    app.store.dispatch(laboratoryReceived(lab));
    if (asUser) {
      writeStorage('token', 'tok-1');
      app.store.dispatch(loggedIn());
    }
    app.store.dispatch(appStarted());
  });
  return app;
}

describe('the cart page', () => {
  it('shows one section per patient with analyses, materials and subtotal, and the total with the home visit', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, fullCart()], 'GET patient': [200, [anna, jan]] });
    open();
    const annaSection = await screen.findByRole('region', { name: 'Anna Checkout' });
    const janSection = screen.getByRole('region', { name: 'Jan Checkout' });
    expect(within(annaSection).getByText('Glucose')).toBeInTheDocument();
    expect(within(annaSection).getByText('TSH')).toBeInTheDocument();
    // One blood tube for both of Anna's analyses.
    expect(within(annaSection).getAllByText('Blood tube')).toHaveLength(1);
    expect(within(annaSection).getByText('Shared by 2 tests')).toBeInTheDocument();
    expect(within(annaSection).getByText('PLN 57.00')).toBeInTheDocument();
    expect(within(janSection).getByText('Brought by patient')).toBeInTheDocument();
    expect(within(janSection).getByText('PLN 62.00')).toBeInTheDocument();
    // No address yet: the visit fee is the laboratory's lowest, shown as "from", never as the price.
    expect(screen.getByTestId('cart-visit-fee')).toHaveTextContent('Home visit from PLN 45.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total from PLN 164.00');
    // Once in the sticky bar (wider screens) and once in the page above "Empty the cart" (phones).
    expect(screen.getAllByText(/The home visit fee depends on the address/)).toHaveLength(2);
    expect(screen.queryByText('PLN 50.00')).not.toBeInTheDocument();
  });

  it("shows the fee of the saved address's zone, asked of the server, once the address is known", async () => {
    const served = { laboratoryId: '2', country: 'PL', postalCode: '05-500', served: true, visitFee: 65, currency: 'PLN' as const, servedBy: [] };
    shop = fakeBackend({ 'GET cart/get-cart': [200, fullCart()], 'GET patient': [200, [anna, jan]], 'GET laboratories/2/coverage': [200, served] });
    const app = open();
    act(() => {
      app.store.dispatch(orderAddressSaved({ country: 'PL', city: 'Piaseczno', postalCode: '05-500', street: 'Puławska 1', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' }));
    });
    await waitFor(() => expect(screen.getByTestId('cart-visit-fee')).toHaveTextContent('Home visit PLN 65.00'));
    expect(screen.getByTestId('cart-visit-fee')).not.toHaveTextContent('from');
    // Tests 119 + the zone's 65.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total PLN 184.00');
    expect(screen.queryByText(/depends on the address/)).not.toBeInTheDocument();
    expect(shop.calls('GET laboratories/2/coverage')[0]?.params).toMatchObject({ country: 'PL', postalCode: '05-500' });
  });

  it('keeps "from" when the saved address is not served by the laboratory', async () => {
    const unserved = { laboratoryId: '2', country: 'PL', postalCode: '99-999', served: false, visitFee: null, currency: 'PLN' as const, servedBy: [] };
    shop = fakeBackend({ 'GET cart/get-cart': [200, fullCart()], 'GET patient': [200, [anna, jan]], 'GET laboratories/2/coverage': [200, unserved] });
    const app = open();
    act(() => {
      app.store.dispatch(orderAddressSaved({ country: 'PL', city: 'Nowhere', postalCode: '99-999', street: 'Polna 1', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' }));
    });
    await waitFor(() => expect(shop?.calls('GET laboratories/2/coverage')).toHaveLength(1));
    await waitFor(() => expect(app.store.getState().checkout.coverage.data?.postalCode).toBe('99-999'));
    expect(screen.getByTestId('cart-visit-fee')).toHaveTextContent('Home visit from PLN 45.00');
  });

  it('removes an analysis for one patient, for everyone, a patient, and empties the cart', async () => {
    const after = cartOf({ 5: [tsh] });
    shop = fakeBackend({
      'GET cart/get-cart': [200, fullCart()],
      'GET patient': [200, [anna, jan]],
      'POST cart/remove-patient-analysis': [200, fullCart()],
      'POST cart/remove-analysis': [200, fullCart()],
      'POST cart/remove-patient': [200, fullCart()],
      'GET cart/reset-cart': [200, after],
    });
    open();
    const annaSection = await screen.findByRole('region', { name: 'Anna Checkout' });

    await userEvent.click(within(annaSection).getByRole('button', { name: 'Actions for TSH' }));
    // TSH is only Anna's: no "for everyone".
    expect(screen.queryByRole('menuitem', { name: 'Remove for everyone' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove for this patient' }));
    await waitFor(() => expect(shop?.calls('POST cart/remove-patient-analysis')[0]?.body).toEqual({ patientId: 5, analysisId: 12 }));

    await waitFor(() => expect(within(annaSection).getByRole('button', { name: 'Actions for Glucose' })).toBeEnabled());
    await userEvent.click(within(annaSection).getByRole('button', { name: 'Actions for Glucose' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove for everyone' }));
    const everyone = await screen.findByRole('dialog', { name: 'Remove Glucose for everyone?' });
    await userEvent.click(within(everyone).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(shop?.calls('POST cart/remove-analysis')[0]?.params).toEqual({ analysisId: 11, laboratoryId: '2' }));

    const janSection = await screen.findByRole('region', { name: 'Jan Checkout' });
    await waitFor(() => expect(within(janSection).getByRole('button', { name: 'Remove patient' })).toBeEnabled());
    await userEvent.click(within(janSection).getByRole('button', { name: 'Remove patient' }));
    const removePatient = await screen.findByRole('dialog', { name: 'Remove Jan Checkout from the cart?' });
    // Cancel first: nothing is sent.
    await userEvent.click(within(removePatient).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shop.calls('POST cart/remove-patient')).toHaveLength(0);
    await userEvent.click(within(janSection).getByRole('button', { name: 'Remove patient' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Jan Checkout from the cart?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(shop?.calls('POST cart/remove-patient')[0]?.params).toEqual({ patientId: 6, laboratoryId: '2' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Empty the cart' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Empty the cart' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Empty the cart?' })).getByRole('button', { name: 'Empty' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Jan Checkout' })).not.toBeInTheDocument());
    expect(shop.calls('GET cart/reset-cart')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'Anna Checkout' })).toBeInTheDocument();
  });

  it('goes on to the address', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, fullCart()], 'GET patient': [200, [anna, jan]] });
    const { router } = open();
    await screen.findByRole('region', { name: 'Anna Checkout' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to address' }));
    expect(router.push).toHaveBeenCalledWith('/order/address');
  });

  it('an empty cart says what to do', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, emptyCart()], 'GET patient': [200, []] });
    open();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to address' })).not.toBeInTheDocument();
  });

  it('a failed load offers a retry that loads the cart', async () => {
    let up = false;
    shop = fakeBackend({ 'GET cart/get-cart': () => (up ? [200, fullCart()] : [503, { error: 'Service unavailable' }]), 'GET patient': [200, [anna, jan]] });
    open();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    up = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Anna Checkout' })).toBeInTheDocument();
  });

  it("words a refused removal and a failed load from their codes, not from the server's sentence", async () => {
    let up = false;
    shop = fakeBackend({
      'GET cart/get-cart': () => (up ? [200, fullCart()] : [500, { error: 'The server’s sentence', code: 'internal' }]),
      'GET patient': [200, [anna, jan]],
      'POST cart/remove-patient-analysis': [404, { error: 'The server’s sentence', code: 'patient_not_found' }],
    });
    open();
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const annaSection = await screen.findByRole('region', { name: 'Anna Checkout' });
    await userEvent.click(within(annaSection).getByRole('button', { name: 'Actions for TSH' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove for this patient' }));
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
  });

  it('a removal of what is no longer in the cart says so, not that an analysis is missing', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, fullCart()],
      'GET patient': [200, [anna, jan]],
      'POST cart/remove-patient': [404, { error: 'This patient has nothing in the cart', code: 'not_found' }],
    });
    open();
    const janSection = await screen.findByRole('region', { name: 'Jan Checkout' });
    await userEvent.click(within(janSection).getByRole('button', { name: 'Remove patient' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Jan Checkout from the cart?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This is no longer in your cart')).toBeInTheDocument();
    expect(screen.queryByText('Analysis not found')).not.toBeInTheDocument();
  });
});
