import { act, screen, within } from '@testing-library/react';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { MoneyDayDto } from '@/shared/types/money';
import { StaffMoneyPage } from './StaffMoneyPage';

const staffUser = { id: 2, username: 's@lab.test', firstName: 'Lab', lastName: 'Staff', email: 's@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const };

const day: MoneyDayDto = {
  date: '2026-11-20',
  currency: 'PLN',
  methods: [
    { method: 'online', paid: 59.99, refunded: 10, kept: 49.99, pendingRefunds: 5 },
    { method: 'on_visit', paid: 30, refunded: 0, kept: 30, pendingRefunds: 0 },
  ],
  anomalies: [
    { kind: 'document_total', orderId: 7, orderNumber: 'LS-000007', amount: 59.99, expected: 49.99, since: null },
    { kind: 'refund_pending', orderId: 9, orderNumber: 'LS-000009', amount: 5, expected: null, since: '2026-11-19T10:00:00.000Z' },
    { kind: 'invariant', orderId: 11, orderNumber: 'LS-000011', amount: 60, expected: 30, since: null },
    { kind: 'ksef_rejected', orderId: 12, orderNumber: 'LS-000012', amount: 45, expected: null, since: '2026-11-20T09:31:00.000Z', document: 'FV/2026/000003', reason: '450 Błąd weryfikacji semantyki' },
  ],
};

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

it('shows the day per payment method and each anomaly linking to its order', async () => {
  backend = fakeBackend({ 'GET staff/money': [200, day] });
  writeStorage('token', 'tok-1');
  const app = renderApp(<StaffMoneyPage />, { router: testRouter('/staff/money') });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(staffUser));
  });
  const table = await screen.findByRole('table', { name: 'Money of the day by payment method' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent(/Online.*59\.99.*10\.00.*49\.99.*5\.00/);
  expect(rows[1]).toHaveTextContent(/At the visit.*30\.00.*0\.00.*30\.00.*0\.00/);
  expect(screen.getByRole('link', { name: 'LS-000007' })).toHaveAttribute('href', '/staff/orders/7');
  expect(screen.getByText(/the invoices add up to .*59\.99, but .*49\.99 was kept/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'LS-000009' })).toHaveAttribute('href', '/staff/orders/9');
  expect(screen.getByText(/a refund of .*5\.00 asked for on .* is still not settled/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'LS-000011' })).toHaveAttribute('href', '/staff/orders/11');
  expect(screen.getByText(/it keeps .*60\.00 once its refunds settle, but it owes .*30\.00/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'LS-000012' })).toHaveAttribute('href', '/staff/orders/12');
  expect(screen.getByText(/invoice FV\/2026\/000003 \(.*45\.00\) was rejected by KSeF: 450 Błąd weryfikacji semantyki/)).toBeInTheDocument();
  expect(backend.requests.find((r) => r.route === 'GET staff/money')?.params).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(screen.getByRole('button', { name: 'Download the day (CSV)' })).toBeInTheDocument();
});
