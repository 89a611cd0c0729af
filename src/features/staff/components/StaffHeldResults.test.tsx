import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import type { HeldResultDto } from '@/shared/types/staff';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { StaffHeldResults } from './StaffHeldResults';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

const held: HeldResultDto = { resultId: 41, orderId: 9, orderNumber: 'A-0009', patientId: 7, analysisCode: 'DG008', analysisName: 'HIV 1/2', value: 'reactive', unit: '', interpretation: 'A', heldAt: '2026-11-28T08:00:00.000Z', releaseDue: '2026-12-01T08:00:00.000Z' };

it('lists the held results and releases one with the doctor\'s note, then shows the list again', async () => {
  writeStorage('token', 'tok-staff');
  backend = fakeBackend({ 'GET staff/held-results': [[200, [held]], [200, []]], 'POST staff/held-results/41/release': [200, { releasedAt: '2026-11-28T09:00:00.000Z' }] });
  renderApp(<StaffHeldResults />);
  expect(screen.getByRole('heading', { name: 'Sensitive results held for the doctor' })).toBeInTheDocument();
  expect(await screen.findByText('HIV 1/2: reactive')).toBeInTheDocument();
  const release = screen.getByRole('button', { name: 'Release with this note' });
  expect(release).toBeDisabled();
  await userEvent.type(screen.getByRole('textbox', { name: 'Note for the patient' }), 'Please call us to book a visit.');
  await userEvent.click(release);
  expect(await screen.findByText('Nothing is held.')).toBeInTheDocument();
  expect(backend.calls('POST staff/held-results/41/release').map((c) => c.body)).toEqual([{ note: 'Please call us to book a visit.' }]);
});
