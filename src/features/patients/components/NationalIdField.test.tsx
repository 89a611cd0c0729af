import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigation } from '@/store/navigation';
import { writeStorage } from '@/shared/storage';
import type { LaboratoryDto, PatientDto } from '@/shared/types/api';
import { loggedIn } from '@/features/auth/authSlice';
import { activeLaboratorySet, laboratoryReceived } from '@/features/lab/labSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import { PatientEditorPage } from './PatientEditorPage';

const address = { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' };
const ola: PatientDto = {
  id: 5,
  personalDetails: { firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth: '2015-06-01', email: null, phone: null, pesel: '15260112343' },
  address,
};

/**
 * Keys are typed without a pause between them (user-event's `delay: null`): each keystroke still goes
 * through the form and its validation, but a busy machine no longer pushes a test past its timeout,
 * after which its typing went on and updated the form outside act().
 */
const typist = () => userEvent.setup({ delay: null });

let backend: FakeBackend | null = null;
beforeEach(() => {
  jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
});
afterEach(() => {
  backend?.restore();
  backend = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
});

function open(country: string, mode: 'create' | 'edit', path: string) {
  writeStorage('token', 'tok-1');
  const app = renderApp(mode === 'create' ? <PatientEditorPage mode="create" /> : <PatientEditorPage mode="edit" />, { sagas: 'account', router: testRouter(path, mode === 'edit' ? { patientId: '5' } : {}) });
  act(() => {
    app.store.dispatch(activeLaboratorySet('lab-1'));
    app.store.dispatch(laboratoryReceived({ id: 'lab-1', cityName: 'X', email: '', aboutLink: '', address: '', latitude: 0, longitude: 0, country } as LaboratoryDto));
    app.store.dispatch(loggedIn());
  });
  return app;
}

it('at a Polish laboratory the form asks for an optional PESEL and checks it against the sex and birth date', async () => {
  backend = fakeBackend({ 'POST patient/': (req) => [201, { ...(req.body as object), id: 9 }] });
  const user = typist();
  open('PL', 'create', '/patients/create');
  await user.type(await screen.findByLabelText(/^First name/), 'Ola');
  await user.type(screen.getByLabelText(/^Last name/), 'Nowak');
  await user.click(screen.getByLabelText('Male'));
  fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '2015-06-01' } });
  expect(screen.queryByLabelText(/^Personal number/)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText(/^PESEL/), '15260112343');
  await user.click(screen.getByRole('button', { name: 'Add patient' }));
  expect(await screen.findByText('The sex in this PESEL is not the patient’s sex')).toBeInTheDocument();
  expect(backend.requests).toHaveLength(0);
  await user.click(screen.getByLabelText('Female'));
  await user.click(screen.getByRole('button', { name: 'Add patient' }));
  await waitFor(() => expect(backend?.calls('POST patient/')).toHaveLength(1));
  expect(backend.calls('POST patient/')[0]?.body).toMatchObject({ personalDetails: { gender: 'female', dateOfBirth: '2015-06-01', pesel: '15260112343' } });
});

it('at a Belarusian laboratory the form shows the personal number instead, and keeps a stored PESEL', async () => {
  backend = fakeBackend({ 'GET patient/5': [200, ola], 'GET patient': [200, [ola]], 'PUT patient/5': (req) => [200, { ...(req.body as object) }] });
  const user = typist();
  open('BY', 'edit', '/patients/edit/[patientId]');
  const field = await screen.findByLabelText(/^Personal number/);
  expect(screen.queryByLabelText(/^PESEL/)).not.toBeInTheDocument();
  await user.type(field, '3140583A001PB');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText(/A personal number has 14 characters/)).toBeInTheDocument();
  await user.type(field, '9');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(backend?.calls('PUT patient/5')).toHaveLength(1));
  expect(backend.calls('PUT patient/5')[0]?.body).toMatchObject({ personalDetails: { pesel: '15260112343', personalNumber: '3140583A001PB9' } });
});
