import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { NurseVisitDto, NurseVisitsDto } from '@/shared/types/results';
import type { NurseVisitPaymentDto } from '@/shared/types/visitPayment';
import { NurseVisitsPage } from './NurseVisitsPage';

/** The money on the nurse's card: what to collect, recording cash or card, paid online. */
type Card = NurseVisitDto & { payment: NurseVisitPaymentDto };
const visit: Card = {
  orderId: 12,
  number: 'LS-000012',
  status: 'visit_confirmed',
  visit: { slotId: 3, start: '2026-12-01T07:00:00.000Z', end: '2026-12-01T09:00:00.000Z', timeZone: 'Europe/Warsaw' },
  address: { country: 'PL', city: 'Warszawa', postalCode: '02-715', street: 'Puławska 145', entry: '', floor: '', apartment: '', intercomCode: '', notes: '' },
  phone: '+48 600 100 200',
  customer: { firstName: 'Anna', lastName: 'Nowak' },
  patients: [],
  materials: [],
  nurse: { id: 5, firstName: 'Nina', lastName: 'Kowalska', email: 'n@lab.test', displayName: 'Nina Kowalska' },
  notAtHome: null,
  canMarkCollected: true,
  visitState: 'arrived',
  arrivalWindow: null,
  canMarkNotAtHome: true,
  visitDay: 'today',
  payment: { method: 'on_visit', status: 'on_visit', amountMinor: 12415, currency: 'PLN', collected: null, canRecord: true },
};
const nurse = { id: 5, username: 'n@lab.test', firstName: 'Nina', lastName: 'Kowalska', email: 'n@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const, staffRole: 'nurse' as const };
const dayOf = (...visits: NurseVisitDto[]): NurseVisitsDto => ({ day: '2026-12-01', timeZone: 'Europe/Warsaw', visits });

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(language: 'en' | 'ru' | 'pl' = 'en') {
  writeStorage('token', 'tok-1');
  const app = renderApp(<NurseVisitsPage />, { router: testRouter('/staff/visits', { day: '2026-12-01' }), language });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(nurse));
  });
  return app;
}

it('says what to collect; the nurse records cash and the card shows the recorded payment', async () => {
  const paid: Card = { ...visit, payment: { ...visit.payment, status: 'paid', canRecord: false, collected: { method: 'cash', at: '2026-12-01T07:42:00.000Z', amountMinor: 12415 } } };
  backend = fakeBackend({ 'GET staff/visits': [200, dayOf(visit)], 'POST staff/visits/12/payment': [200, paid] });
  render();
  const money = await screen.findByTestId('visit-payment');
  expect(money).toHaveTextContent(/^Collect (PLN\s?124\.15|124\.15\s?PLN)/);
  await userEvent.click(within(money).getByRole('button', { name: 'Paid in cash' }));
  expect(backend.calls('POST staff/visits/12/payment')[0]?.body).toEqual({ method: 'cash' });
  expect(await screen.findByText('Payment recorded for order LS-000012.')).toBeInTheDocument();
  // The time on the laboratory's clock (Warsaw, UTC+1).
  expect(screen.getByTestId('visit-payment')).toHaveTextContent(/^Paid at the visit: .*124\.15.* in cash \(08:42\)\.$/);
  expect(screen.queryByRole('button', { name: 'Paid in cash' })).not.toBeInTheDocument();
});

it('a refused record says why, in the language of the page; an order paid online needs nothing', async () => {
  const online: Card = { ...visit, orderId: 13, number: 'LS-000013', payment: { method: 'online', status: 'paid', amountMinor: 9000, currency: 'PLN', collected: null, canRecord: false } };
  backend = fakeBackend({ 'GET staff/visits': [200, dayOf(visit, online)], 'POST staff/visits/12/payment': [409, { error: 'Nothing is due for this visit', code: 'conflict' }] });
  render('ru');
  const [first, second] = await screen.findAllByTestId('visit-payment');
  expect(first).toHaveTextContent(/^Получить 124,15\sPLN/);
  expect(second).toHaveTextContent('Оплачено онлайн: ничего получать не нужно.');
  expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  await userEvent.click(within(first!).getByRole('button', { name: 'Оплачено картой' }));
  expect(await within(first!).findByRole('alert')).toHaveTextContent('По этому заказу получать уже нечего');
});
