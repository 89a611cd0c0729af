import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { navigation } from '@/store/navigation';
import { loggedIn } from '@/features/auth/authSlice';
import { activeLaboratorySet } from '@/features/lab/labSlice';
import { appStarted } from '@/store/appActions';
import { emptyCart } from '@/shared/emptyShapes';
import type { ParsedListDto } from '@/shared/types/doctorsList';
import { analysis, cartOf, patient } from '@/testing/samples';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import { PasteListView } from './PasteListView';

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

const anna = patient(5, 'Anna', 'Nowak', 'female');
const jan = patient(6, 'Jan', 'Nowak', 'male');
const item = (type: 'analysis' | 'profile', id: number, name: string, price: number, confidence = 1) => ({ type, id, name, price, confidence });
const PARSED: ParsedListDto = {
  currency: 'PLN',
  lines: [
    { text: '1. morfologia', match: item('analysis', 1, 'Morfologia krwi', 24), alternatives: [item('analysis', 2, 'Morfologia krwi z rozmazem', 32, 0.3)] },
    { text: '2. lipidogram', match: item('profile', 3, 'Lipidogram', 60), alternatives: [] },
    { text: '3. TSH', match: item('analysis', 7, 'TSH (tyreotropina)', 25), alternatives: [] },
    { text: '4. USG jamy brzusznej', alternatives: [] },
  ],
};

function open(language?: 'pl' | 'ru') {
  const app = renderApp(<PasteListView />, { sagas: 'shop', router: testRouter('/order/paste'), ...(language ? { language } : {}) });
  act(() => {
    app.store.dispatch(activeLaboratorySet('warsaw-mokotow'));
    writeStorage('token', 'tok-1');
    app.store.dispatch(loggedIn());
    app.store.dispatch(appStarted());
  });
  return app;
}

it('reads a pasted list, shows each line with its match and price, lets a match be changed, lists the unmatched with a search link and adds all for the chosen patients', async () => {
  shop = fakeBackend({
    'GET cart/get-cart': [200, emptyCart()],
    'GET patient': [200, [anna, jan]],
    'POST cart/parse': [200, PARSED],
    'POST cart/add-to-cart': [200, { status: 'added', cart: cartOf({ 5: [analysis(2, 'Morfologia krwi z rozmazem', 32)] }) }],
    'POST cart/add-profile-to-cart': [200, { status: 'added', cart: cartOf({ 5: [analysis(2, 'Morfologia krwi z rozmazem', 32)] }) }],
  });
  const app = open();
  expect(screen.getByRole('heading', { level: 1, name: "Paste your doctor's list" })).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: "Your doctor's list" }), '1. morfologia{enter}2. lipidogram{enter}3. TSH{enter}4. USG jamy brzusznej');
  await userEvent.click(screen.getByRole('button', { name: 'Find the tests' }));

  expect(await screen.findByRole('heading', { name: '4 lines read' })).toBeInTheDocument();
  expect(shop.calls('POST cart/parse')[0]?.body).toEqual({ text: '1. morfologia\n2. lipidogram\n3. TSH\n4. USG jamy brzusznej', laboratoryId: 'warsaw-mokotow', language: 'en' });
  const first = screen.getByRole('combobox', { name: 'Test for “1. morfologia”' });
  expect(first).toHaveDisplayValue('Morfologia krwi');
  // The blood count with a differential instead; its price shows.
  await userEvent.selectOptions(first, 'Morfologia krwi z rozmazem');
  expect(screen.getByText(/32[.,]00/)).toBeInTheDocument();

  const unmatched = screen.getByRole('region', { name: 'Not found in the catalogue' });
  expect(within(unmatched).getByText(/USG jamy brzusznej/)).toBeInTheDocument();
  expect(within(unmatched).getByRole('link', { name: 'Search for it' })).toHaveAttribute('href', '/search?q=4.+USG+jamy+brzusznej');

  const add = screen.getByRole('button', { name: 'Add 3 tests to the cart' });
  expect(add).toBeDisabled();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Anna Nowak' }));
  await userEvent.click(add);
  expect(await screen.findByText('3 tests added to the cart.')).toBeInTheDocument();
  expect(shop.calls('POST cart/add-to-cart').map((c) => c.body)).toEqual([
    { analysisId: 2, patientIds: [5] },
    { analysisId: 7, patientIds: [5] },
  ]);
  expect(shop.calls('POST cart/add-profile-to-cart').map((c) => c.body)).toEqual([{ profileId: 3, patientIds: [5] }]);
  // The cart's state follows the answer.
  await waitFor(() => expect(app.store.getState().cart.cart.data?.analysisIdsByPatientId).toEqual({ 5: [2] }));
});

it('says a list over the limit is too long, by its code, in Polish', async () => {
  shop = fakeBackend({
    'GET cart/get-cart': [200, emptyCart()],
    'GET patient': [200, [anna]],
    'POST cart/parse': [400, { error: 'The list may have at most 100 lines', code: 'list_too_many_lines', fields: { text: 'x' } }],
  });
  open('pl');
  expect(screen.getByRole('heading', { level: 1, name: 'Wklej listę od lekarza' })).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: 'Lista od lekarza' }), 'TSH');
  await userEvent.click(screen.getByRole('button', { name: 'Znajdź badania' }));
  expect(await screen.findByText('Lista jest za długa: najwyżej 100 wierszy.')).toBeInTheDocument();
});
