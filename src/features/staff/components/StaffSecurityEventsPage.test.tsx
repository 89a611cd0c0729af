import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { SecurityEventDto } from '@/shared/types/audit';
import { StaffSecurityEventsPage } from './StaffSecurityEventsPage';

const staffUser = { id: 2, username: 's@lab.test', firstName: 'Lab', lastName: 'Staff', email: 's@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const };

const events: SecurityEventDto[] = [
  { id: 9, action: 'locked_out', subjectUserId: 4, subjectEmail: 'nurse@lab.test', clientIp: '198.51.100.7', count: 12, firstAt: '2026-11-24T09:00:00.000Z', lastAt: '2026-11-24T09:10:00.000Z' },
  { id: 8, action: 'sign_in_failed', subjectUserId: null, subjectEmail: null, clientIp: '203.0.113.5', count: 1, firstAt: '2026-11-23T08:00:00.000Z', lastAt: '2026-11-23T08:00:00.000Z' },
  { id: 7, action: 'payment_notification_refused', reason: 'p24: wrong sign or malformed', subjectUserId: null, subjectEmail: null, clientIp: '192.0.2.9', count: 300, firstAt: '2026-11-22T08:00:00.000Z', lastAt: '2026-11-22T08:10:00.000Z' },
];
const many = (top: number, count: number): SecurityEventDto[] => Array.from({ length: count }, (_, i) => ({ ...events[1]!, id: top - i }));

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(role: 'staff' | 'patient' = 'staff') {
  writeStorage('token', 'tok-1');
  const router = testRouter('/staff/security-events');
  const app = renderApp(<StaffSecurityEventsPage />, { router });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived({ ...staffUser, role }));
  });
  return app;
}

it('lists refused sign-ins: when (since the first), what, the account, how many, from where', async () => {
  backend = fakeBackend({ 'GET staff/security-events': [200, events] });
  render();
  const table = await screen.findByRole('table', { name: 'Sign-in security' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  expect(rows[2]).toHaveTextContent(/Refused payment notification.*p24: wrong sign or malformed.*300.*192\.0\.2\.9/);
  // On the laboratory's clock (Warsaw, UTC+1 in November), whatever the device's zone.
  expect(rows[0]).toHaveTextContent(/24 Nov 2026, 10:10.*first at 24 Nov 2026, 10:00.*Locked out.*nurse@lab\.test.*12.*198\.51\.100\.7/);
  expect(rows[1]).toHaveTextContent(/Wrong password.*Unknown account.*1.*203\.0\.113\.5/);
  expect(rows[1]).not.toHaveTextContent('first at');
  expect(screen.queryByRole('navigation', { name: 'Pages of Sign-in security' })).not.toBeInTheDocument();
});

it('the outcome filter and the pages change the request', async () => {
  backend = fakeBackend({
    'GET staff/security-events': (req) => {
      if (req.params.action === 'locked_out') return [200, [events[0]]];
      return [200, req.params.before === 76 ? many(75, 2) : many(100, 26)];
    },
  });
  render();
  await screen.findByRole('table', { name: 'Sign-in security' });
  expect(backend.calls('GET staff/security-events')[0]?.params).toEqual({ limit: 26 });
  expect(screen.getAllByRole('row')).toHaveLength(26);
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
  expect(backend.calls('GET staff/security-events')[1]?.params).toEqual({ limit: 26, before: 76 });
  expect(screen.getByText('Page 2')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(26));
  expect(screen.getByText('Page 1')).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'locked_out' } });
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  expect(backend.calls('GET staff/security-events').at(-1)?.params).toEqual({ limit: 26, action: 'locked_out' });
  expect(screen.getByRole('row', { name: /Locked out/ })).toBeInTheDocument();
});

it('nothing refused says so; a failure says so in words', async () => {
  backend = fakeBackend({ 'GET staff/security-events': [200, []] });
  const first = render();
  expect(await screen.findByText('No refused sign-ins')).toBeInTheDocument();
  first.unmount();
  backend.restore();
  backend = fakeBackend({ 'GET staff/security-events': [500, { error: 'Internal server error', code: 'internal' }] });
  render();
  expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in security events could not be loaded.');
});

it('is not for patients', async () => {
  backend = fakeBackend({ 'GET staff/security-events': [200, events] });
  render('patient');
  expect(await screen.findByText('This page is for laboratory staff')).toBeInTheDocument();
  expect(backend.calls('GET staff/security-events')).toHaveLength(0);
});
