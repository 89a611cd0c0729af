import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { BarrierReportDto } from '@/shared/validation/accessibility';
import { StaffBarrierReportsPage } from './StaffBarrierReportsPage';

const staffUser = { id: 2, username: 's@lab.test', firstName: 'Lab', lastName: 'Staff', email: 's@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const };

const day = 86400000;
const iso = (days: number) => new Date(Date.now() + days * day).toISOString();
const overdue: BarrierReportDto = { id: 3, name: 'Ola Nowak', email: 'ola@example.com', page: '/order/checkout', message: 'The date picker cannot be used with a screen reader.', status: 'open', createdAt: iso(-35), dueAt: iso(-5) };
const fresh: BarrierReportDto = { id: 4, name: 'Ivan Petrov', email: 'ivan@example.com', page: '', message: 'Text is too small on the results page.', status: 'open', createdAt: iso(-2), dueAt: iso(28) };
const many = (from: number, count: number): BarrierReportDto[] => Array.from({ length: count }, (_, i) => ({ ...fresh, id: from + i, name: `Reporter ${from + i}` }));

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(role: 'staff' | 'patient' = 'staff') {
  writeStorage('token', 'tok-1');
  const router = testRouter('/staff/barrier-reports');
  const app = renderApp(<StaffBarrierReportsPage />, { router });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived({ ...staffUser, role }));
  });
  return app;
}

it('lists open reports with their due date; an overdue one says "Overdue" in words; closing one asks the API and shows it closed', async () => {
  backend = fakeBackend({ 'GET staff/barrier-reports': [200, [overdue, fresh]], 'POST staff/barrier-reports/3/close': [200, { ...overdue, status: 'closed' }] });
  render();
  const first = await screen.findByRole('article', { name: 'Ola Nowak · ola@example.com' });
  expect(backend.calls('GET staff/barrier-reports')[0]?.params).toEqual({ limit: 26, offset: 0, status: 'open' });
  expect(first).toHaveTextContent('Overdue');
  expect(first).toHaveTextContent(/Due \d{1,2} \w{3} 20\d\d/);
  expect(first).toHaveTextContent('Page: /order/checkout');
  expect(first).toHaveTextContent('The date picker cannot be used with a screen reader.');
  const second = screen.getByRole('article', { name: 'Ivan Petrov · ivan@example.com' });
  expect(second).not.toHaveTextContent('Overdue');
  expect(second).toHaveTextContent('Open');

  fireEvent.click(within(first).getByRole('button', { name: 'Mark answered and close: Ola Nowak' }));
  expect(await screen.findByText('The report is closed.')).toBeInTheDocument();
  expect(backend.calls('POST staff/barrier-reports/3/close')).toHaveLength(1);
  const closed = screen.getByRole('article', { name: 'Ola Nowak · ola@example.com' });
  expect(closed).toHaveTextContent('Closed');
  expect(closed).not.toHaveTextContent('Overdue');
  expect(within(closed).queryByRole('button')).not.toBeInTheDocument();
});

it('a refused close says so and keeps the report open', async () => {
  backend = fakeBackend({ 'GET staff/barrier-reports': [200, [overdue]], 'POST staff/barrier-reports/3/close': [404, { error: 'Report not found' }] });
  render();
  const report = await screen.findByRole('article', { name: 'Ola Nowak · ola@example.com' });
  fireEvent.click(within(report).getByRole('button', { name: 'Mark answered and close: Ola Nowak' }));
  expect(await screen.findByText('The report could not be closed; reload and try again.')).toBeInTheDocument();
  await waitFor(() => expect(within(report).getByRole('button', { name: 'Mark answered and close: Ola Nowak' })).toBeEnabled());
});

it('the status filter and the pages change the request', async () => {
  backend = fakeBackend({
    'GET staff/barrier-reports': (req) => {
      if (req.params.status === 'overdue') return [200, [overdue]];
      return [200, req.params.offset === 25 ? many(26, 2) : many(1, 26)];
    },
  });
  render();
  await screen.findByRole('article', { name: /Reporter 1 ·/ });
  expect(screen.getAllByRole('article')).toHaveLength(25);
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  expect(backend.calls('GET staff/barrier-reports')[1]?.params).toEqual({ limit: 26, offset: 25, status: 'open' });
  expect(screen.getByText('Page 2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
  expect(backend.calls('GET staff/barrier-reports')[2]?.params).toEqual({ limit: 26, offset: 0, status: 'open' });

  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'overdue' } });
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  expect(backend.calls('GET staff/barrier-reports').at(-1)?.params).toEqual({ limit: 26, offset: 0, status: 'overdue' });
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: '' } });
  await waitFor(() => expect(backend!.calls('GET staff/barrier-reports').at(-1)?.params).toEqual({ limit: 26, offset: 0 }));
});

it('no reports says so; a failure says so in words', async () => {
  backend = fakeBackend({ 'GET staff/barrier-reports': [200, []] });
  const first = render();
  expect(await screen.findByText('No reports here')).toBeInTheDocument();
  first.unmount();
  backend.restore();
  backend = fakeBackend({ 'GET staff/barrier-reports': [500, { error: 'Internal server error', code: 'internal' }] });
  render();
  expect(await screen.findByRole('alert')).toHaveTextContent('The barrier reports could not be loaded.');
});
