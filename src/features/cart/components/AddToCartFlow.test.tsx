import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { navigation } from '@/store/navigation';
import { loggedIn } from '@/features/auth/authSlice';
import { authNavigation } from '@/features/auth/authNavigation';
import { activeLaboratorySet } from '@/features/lab/labSlice';
import { appStarted } from '@/store/appActions';
import type { ProfileDto } from '@/shared/types/api';
import { AddToCartFlow } from './AddToCartFlow';
import type { Addable } from './AddableSummary';
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
const culture = analysis(13, 'Throat culture', 40, [tube, swab]);
const profile: ProfileDto = { id: 3, name: 'Family check', description: '', labServices: [glucose, culture], code: 'P3', created: '', updated: '' };
const anna = patient(5, 'Anna', 'Checkout', 'female');
const jan = patient(6, 'Jan', 'Checkout', 'male');

const ADD_PATH = '/add-to-cart/[addableType]/[addableId]';

function open(addable: Addable, query: Record<string, string>, asUser: boolean) {
  const router = testRouter(ADD_PATH, { addableType: addable.type, addableId: String(addable.item.id), ...query });
  const app = renderApp(<AddToCartFlow addable={addable} />, { sagas: 'shop', router });
  act(() => {
    app.store.dispatch(activeLaboratorySet('2'));
    if (asUser) {
      writeStorage('token', 'tok-1');
      app.store.dispatch(loggedIn());
    }
    app.store.dispatch(appStarted());
  });
  return app;
}

describe('the add-to-cart flow for a visitor', () => {
  it('shows the card with its price and offers register or login inside the flow', async () => {
    shop = fakeBackend({});
    const { router } = open({ type: 'profile', item: profile }, {}, false);
    expect(await screen.findByRole('heading', { name: 'Family check' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register to continue' }));
    expect(router.replace).toHaveBeenCalledWith(
      { pathname: ADD_PATH, query: { addableType: 'profile', addableId: '3', addableFlowPage: 'register' } },
      undefined,
      { shallow: true, scroll: true },
    );
    await userEvent.click(screen.getByRole('button', { name: 'I have an account' }));
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ addableFlowPage: 'login' }) }),
      undefined,
      expect.anything(),
    );
  });

  it('registers with the account form, then the flow moves on to the patients', async () => {
    shop = fakeBackend({ 'POST register': [201, { accessToken: 'tok-new' }], 'GET users/current': [404, {}], 'GET cart/get-cart': [200, emptyCart()] });
    const flowQuery = { addableType: 'profile', addableId: '3', addableFlowPage: 'register' };
    jest.spyOn(authNavigation, 'location').mockReturnValue({ pathname: ADD_PATH, query: flowQuery });
    const replace = jest.spyOn(authNavigation, 'replace').mockResolvedValue(undefined);
    open({ type: 'profile', item: profile }, { addableFlowPage: 'register' }, false);
    const form = await screen.findByRole('form', { name: 'Create an account' });
    await userEvent.type(within(form).getByLabelText('E-mail', { exact: false }), 'maria@example.test');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'Secret-pass-123');
    await userEvent.type(within(form).getByLabelText('First name', { exact: false }), 'Maria');
    await userEvent.type(within(form).getByLabelText('Last name', { exact: false }), 'Checkout');
    await userEvent.click(within(form).getByRole('checkbox', { name: /I accept the terms of service and the privacy policy/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(shop?.calls('POST register')).toHaveLength(1));
    expect(shop.calls('POST register')[0]?.body).toMatchObject({ email: 'maria@example.test', firstName: 'Maria', lastName: 'Checkout', acceptTerms: true });
    // Logged in: the same page with addableFlowPage=addPatients, and the new user's cart is loaded.
    await waitFor(() => expect(replace).toHaveBeenCalledWith({ pathname: ADD_PATH, query: { ...flowQuery, addableFlowPage: 'addPatients' } }));
    await waitFor(() => expect(shop?.calls('GET cart/get-cart').length).toBeGreaterThan(0));
  });
});

describe('adding for the chosen patients', () => {
  it('decides the optional material, lists the patients a restriction leaves out, says it was added and shows the cart', async () => {
    const after = cartOf({ 5: [glucose, culture] });
    shop = fakeBackend({
      'GET cart/get-cart': [200, emptyCart()],
      'GET patient': [200, [anna, jan]],
      'POST cart/add-profile-to-cart': [
        [200, { status: 'optionalMaterialDecisionRequested', cart: emptyCart(), isBoughtOptionalMaterialMap: { '2': true } }],
        [200, { status: 'specificAnalysisRestrictionsApplied', cart: after, patientIds: [6] }],
      ],
    });
    const { router } = open({ type: 'profile', item: profile }, { addableFlowPage: 'addPatients' }, true);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Anna Checkout' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Jan Checkout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart for 2 patients' }));

    const decision = await screen.findByRole('dialog', { name: 'Sample materials' });
    expect(within(decision).getByText('Sterile swab')).toBeInTheDocument();
    expect(within(decision).queryByText('Blood tube')).not.toBeInTheDocument();
    await userEvent.click(within(decision).getByRole('radio', { name: 'I will bring my own' }));
    await userEvent.click(within(decision).getByRole('button', { name: 'Continue' }));

    const restriction = await screen.findByRole('dialog', { name: 'Not for every patient' });
    expect(within(restriction).getByText('Jan Checkout')).toBeInTheDocument();
    expect(within(restriction).queryByText('Anna Checkout')).not.toBeInTheDocument();
    expect(within(restriction).getByText('It was added for the other patients.')).toBeInTheDocument();
    expect(await screen.findByText('Analysis has been added to the cart')).toBeInTheDocument();

    const adds = shop.calls('POST cart/add-profile-to-cart');
    expect(adds.map((c) => c.body)).toEqual([
      { profileId: 3, patientIds: [5, 6] },
      { profileId: 3, patientIds: [5, 6], updateToIsBoughtOptionalMaterialMap: { '2': false } },
    ]);
    expect(router.push).not.toHaveBeenCalledWith('/order/cart');
    await userEvent.click(within(restriction).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/order/cart'));
  });

  it('a plain add says it was added and goes to the cart', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, emptyCart()],
      'GET patient': [200, [anna]],
      'POST cart/add-to-cart': [200, { status: 'added', cart: cartOf({ 5: [glucose] }) }],
    });
    const { router } = open({ type: 'analysis', item: glucose }, { addableFlowPage: 'addPatients' }, true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Anna Checkout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart for 1 patient' }));
    expect(await screen.findByText('Analysis has been added to the cart')).toBeInTheDocument();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/order/cart'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shop.calls('POST cart/add-to-cart')[0]?.body).toEqual({ analysisId: 11, patientIds: [5] });
  });

  it('words a refused add from its code and the addable, not from the server’s sentence', async () => {
    shop = fakeBackend({
      'GET cart/get-cart': [200, emptyCart()],
      'GET patient': [200, [anna]],
      'POST cart/add-profile-to-cart': [400, { error: 'The server’s sentence', code: 'not_sold_in_laboratory' }],
    });
    open({ type: 'profile', item: profile }, { addableFlowPage: 'addPatients' }, true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Anna Checkout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart for 1 patient' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some analyses of this profile are not available in the selected laboratory');
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
  });

  it('creates a patient inline and selects it, staying in the flow', async () => {
    const maria = patient(9, 'Maria', 'New', 'female');
    shop = fakeBackend({ 'GET cart/get-cart': [200, emptyCart()], 'GET patient': [200, []], 'POST patient': [201, maria] });
    open({ type: 'analysis', item: glucose }, { addableFlowPage: 'addPatients' }, true);
    const form = await screen.findByRole('form', { name: 'New patient' });
    await userEvent.type(within(form).getByLabelText('First name'), 'Maria');
    await userEvent.type(within(form).getByLabelText('Last name'), 'New');
    // No sex and no date of birth are chosen for the user.
    expect(within(form).getByLabelText(/^Sex/)).toHaveValue('');
    expect(within(form).getByLabelText(/^Date of birth/)).toHaveValue('');
    await userEvent.click(within(form).getByRole('button', { name: 'Save patient' }));
    expect(await within(form).findByText('Choose male or female')).toBeInTheDocument();
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    expect(shop.calls('POST patient')).toHaveLength(0);
    await userEvent.selectOptions(within(form).getByLabelText(/^Sex/), 'F');
    fireEvent.change(within(form).getByLabelText(/^Date of birth/), { target: { value: '1990-04-05' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save patient' }));
    expect(await screen.findByRole('checkbox', { name: 'Maria New' })).toBeChecked();
    expect(shop.calls('POST patient')[0]?.body).toMatchObject({ personalDetails: { firstName: 'Maria', lastName: 'New', gender: 'female', dateOfBirth: '1990-04-05' } });
    expect(shop.calls('POST patient')[0]?.url).toBe('patient/?userAsPatient=false');
    expect(navigation.goTo).not.toHaveBeenCalled();
  });

  it('a refused inline patient is worded by its code, not by the server’s sentence', async () => {
    shop = fakeBackend({ 'GET cart/get-cart': [200, emptyCart()], 'GET patient': [200, []], 'POST patient': [409, { error: 'The server’s sentence', code: 'conflict' }] });
    open({ type: 'analysis', item: glucose }, { addableFlowPage: 'addPatients' }, true);
    const form = await screen.findByRole('form', { name: 'New patient' });
    await userEvent.type(within(form).getByLabelText('First name'), 'Maria');
    await userEvent.type(within(form).getByLabelText('Last name'), 'New');
    await userEvent.selectOptions(within(form).getByLabelText(/^Sex/), 'F');
    fireEvent.change(within(form).getByLabelText(/^Date of birth/), { target: { value: '1990-04-05' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save patient' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You are already one of your patients');
    expect(screen.queryByText('The server’s sentence')).not.toBeInTheDocument();
  });
});
