import { act, screen, waitFor } from '@testing-library/react';
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
import type { CoverageDto, LaboratoryDto } from '@/shared/types/api';
import { AddressStep } from './AddressStep';

/** The address step at the Minsk laboratory: Belarus first, Belarusian postal codes. */
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

const minsk = { id: 'minsk', cityName: 'Minsk', email: 'lab@example.com', aboutLink: '', address: 'vul. Lienina 1', latitude: 53.9, longitude: 27.56, country: 'BY', currency: 'BYN', paymentMethods: ['on_visit'] };
const served: CoverageDto = { laboratoryId: 'minsk', country: 'BY', postalCode: '220005', served: true, visitFee: 15, currency: 'BYN', servedBy: [] };

function openAt(laboratory: Record<string, unknown>) {
  shop = fakeBackend({ 'GET cart/get-cart': [200, cartOf({ 5: [analysis(11, 'Glucose', 20)] })], 'GET patient': [200, [patient(5, 'Alesia', 'Minsk', 'female')]], 'GET laboratories/minsk/coverage': [200, served] });
  const app = renderApp(<AddressStep />, { sagas: 'shop', router: testRouter('/order/address') });
  act(() => {
    writeStorage('token', 'tok-1');
    app.store.dispatch(activeLaboratorySet(laboratory.id as string));
    app.store.dispatch(laboratoryReceived(laboratory as unknown as LaboratoryDto));
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
    app.store.dispatch(appStarted());
  });
  return app;
}

it('starts in Belarus at the Minsk laboratory and takes 220005', async () => {
  const { store } = openAt(minsk);
  expect(await screen.findByLabelText(/^Country/)).toHaveValue('BY');
  await userEvent.type(screen.getByLabelText(/^City/), 'Minsk');
  await userEvent.type(screen.getByLabelText(/^Street and house number/), 'praspiekt Niezaliežnasci 4');
  await userEvent.type(screen.getByLabelText(/^Postal code/), '220005');
  expect(await screen.findByTestId('coverage-served')).toHaveTextContent(/15/);
  expect(shop?.calls('GET laboratories/minsk/coverage').at(-1)?.params).toMatchObject({ country: 'BY', postalCode: '220005' });
  await userEvent.click(screen.getByRole('button', { name: 'Continue to visit time' }));
  await waitFor(() => expect(store.getState().checkout.orderAddress).toMatchObject({ country: 'BY', postalCode: '220005' }));
});

it('refuses a Belarusian code that is not six digits, with the Belarusian format in the message', async () => {
  openAt(minsk);
  await userEvent.type(await screen.findByLabelText(/^Postal code/), '22005');
  await userEvent.click(screen.getByRole('button', { name: 'Continue to visit time' }));
  expect(await screen.findByText('Enter a Belarusian postal code of six digits like 220030')).toBeInTheDocument();
  expect(screen.queryByText(/Polish postal code/)).not.toBeInTheDocument();
});

it('a laboratory whose country is not known keeps the spec default, Poland', async () => {
  openAt({ ...minsk, country: undefined });
  expect(await screen.findByLabelText(/^Country/)).toHaveValue('PL');
});
