import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { LabAuditRecordDto } from '@/shared/types/audit';
import { StaffAuditPage } from './StaffAuditPage';

const staffUser = { id: 2, username: 's@lab.test', firstName: 'Lab', lastName: 'Staff', email: 's@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const };

const base = { what: 'opened' as const, actorKey: 'staff:1', orderId: null, orderNumber: null, subjectUserId: 5, patientId: null, actorEmail: null, actorName: null, clientIp: '10.0.0.9', detail: '' };
const records: LabAuditRecordDto[] = [
  { ...base, id: 4, at: '2026-11-24T09:00:00.000Z', action: 'health_write', actorKind: 'staff', actorName: 'Olga Lab', actorEmail: 'olga@lab.test', orderId: 12, orderNumber: 'LS-000012', detail: 'results (2)' },
  { ...base, id: 3, at: '2026-11-24T08:00:00.000Z', action: 'health_read', actorKind: 'share', orderId: 12, orderNumber: 'LS-000012', detail: 'pdf' },
  { ...base, id: 2, at: '2026-11-23T08:00:00.000Z', action: 'role_changed', actorKind: 'operator', clientIp: '', detail: 'patient -> staff (nurse)' },
  { ...base, id: 1, at: '2026-11-22T08:00:00.000Z', action: 'refresh_reuse', actorKind: 'anonymous', detail: 'session 3 ended' },
];

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(role: 'staff' | 'patient') {
  writeStorage('token', 'tok-1');
  const router = testRouter('/staff/audit');
  const app = renderApp(<StaffAuditPage />, { router });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived({ ...staffUser, role }));
  });
  return app;
}

it("lists the laboratory's audit trail: when, what, who, the order (linked), details and address", async () => {
  backend = fakeBackend({ 'GET staff/audit': [200, records] });
  render('staff');
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(4);
  expect(rows[0]).toHaveTextContent(/24 Nov 2026.*Changed health data.*Olga Lab.*LS-000012.*results \(2\).*10\.0\.0\.9/);
  expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'LS-000012' })).toHaveAttribute('href', '/staff/orders/12');
  expect(rows[1]).toHaveTextContent('Opened health data');
  expect(rows[1]).toHaveTextContent('Share link');
  expect(rows[2]).toHaveTextContent('Role changed');
  expect(rows[2]).toHaveTextContent('Operator (command line)');
  expect(rows[3]).toHaveTextContent('Reused sign-in token: session ended');
  expect(rows[3]).toHaveTextContent('Unknown');
});

it('an empty trail says so; a failure says so', async () => {
  backend = fakeBackend({ 'GET staff/audit': [200, []] });
  const first = render('staff');
  expect(await screen.findByText('No records yet')).toBeInTheDocument();
  first.unmount();
  backend.restore();
  backend = fakeBackend({ 'GET staff/audit': [500, { error: 'Internal server error', code: 'internal' }] });
  render('staff');
  expect(await screen.findByText('The audit trail could not be loaded.')).toBeInTheDocument();
});

it('is not for patients', async () => {
  backend = fakeBackend({ 'GET staff/audit': [200, records] });
  render('patient');
  expect(await screen.findByText('This page is for laboratory staff')).toBeInTheDocument();
  expect(backend.calls('GET staff/audit')).toHaveLength(0);
});

/** `count` records with ids from `top` down. */
const many = (top: number, count: number): LabAuditRecordDto[] => Array.from({ length: count }, (_, i) => ({ ...base, id: top - i, at: '2026-11-24T09:00:00.000Z', action: 'sign_in' as const, actorKind: 'staff' as const, actorName: `Staff ${top - i}` }));

it('pages: 25 to a page, next asks for the records before the last shown, previous goes back; a filter starts again at the first page', async () => {
  backend = fakeBackend({
    'GET staff/audit': (req) => {
      if (req.params.action === 'health_read') return [200, [records[1]]];
      return [200, req.params.before === 76 ? many(75, 3) : many(100, 26)];
    },
  });
  render('staff');
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  expect(within(table).getAllByRole('row')).toHaveLength(26);
  expect(backend.calls('GET staff/audit')[0]?.params).toEqual({ limit: 26 });
  const pages = screen.getByRole('navigation', { name: 'Pages of Audit trail' });
  expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(within(pages).getByText('Page 1')).toBeInTheDocument();

  fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Page 2')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  expect(backend.calls('GET staff/audit')[1]?.params).toEqual({ limit: 26, before: 76 });
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(26));
  expect(screen.getByText('Page 1')).toBeInTheDocument();
  expect(backend.calls('GET staff/audit')[2]?.params).toEqual({ limit: 26 });

  fireEvent.change(screen.getByLabelText('What happened'), { target: { value: 'health_read' } });
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  expect(backend.calls('GET staff/audit').at(-1)?.params).toEqual({ limit: 26, action: 'health_read' });
  expect(screen.queryByRole('navigation', { name: 'Pages of Audit trail' })).not.toBeInTheDocument();
});
