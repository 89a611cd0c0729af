import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { BackgroundWorkDto } from '@/shared/types/backgroundWork';
import { StaffBackgroundPage } from './StaffBackgroundPage';

const staffUser = { id: 2, username: 's@lab.test', firstName: 'Lab', lastName: 'Staff', email: 's@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const };
const job = (id: string, name: string, discardable: boolean) => ({ id, name, state: 'failed' as const, attempts: 15, lastError: 'answered 500', runAt: '2026-11-24T09:00:00.000Z', createdAt: '2026-11-24T08:00:00.000Z', discardable });
const work: BackgroundWorkDto = { mails: [], jobs: [job('31', 'payment-refund', false), job('32', 'visit-reminder', true)] };

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

it('a money job (refund) offers "retry" but no "discard"; another job offers both', async () => {
  backend = fakeBackend({ 'GET staff/background': [200, work] });
  writeStorage('token', 'tok-1');
  const app = renderApp(<StaffBackgroundPage />, { router: testRouter('/staff/background') });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(staffUser));
  });
  const retries = await screen.findAllByRole('button', { name: /^Retry/ });
  expect(retries).toHaveLength(2);
  const discards = screen.getAllByRole('button', { name: /^Discard/ });
  expect(discards).toHaveLength(1);
  expect(discards[0]!.getAttribute('aria-label')).not.toMatch(/refund/i);
  // A phone's target size, as every other page's buttons (WCAG 2.2 2.5.8, the shop's 44 px).
  for (const button of [...retries, ...discards]) expect(getComputedStyle(button).minHeight).toBe('44px');
});

it('a refused discard says why in words (a money job), a retry that works says "Done" and the lists are loaded again', async () => {
  backend = fakeBackend({
    'GET staff/background': [200, work],
    'POST staff/background/jobs/32/discard': [409, { error: 'A money job cannot be discarded', code: 'money_job_not_discardable' }],
    'POST staff/background/jobs/31/retry': [200, work],
  });
  writeStorage('token', 'tok-1');
  const app = renderApp(<StaffBackgroundPage />, { router: testRouter('/staff/background') });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(staffUser));
  });
  fireEvent.click(await screen.findByRole('button', { name: /^Discard/ }));
  expect(await screen.findByText('A money job (a refund, a payment hold or an invoice to KSeF) cannot be discarded, only retried.')).toBeTruthy();
  expect(screen.queryByText('A money job cannot be discarded')).toBeNull();
  const loads = backend.calls('GET staff/background').length;
  fireEvent.click(screen.getAllByRole('button', { name: /^Retry/ })[0]!);
  expect(await screen.findByText('Done')).toBeTruthy();
  await screen.findAllByRole('button', { name: /^Retry/ });
  await waitFor(() => expect(backend?.calls('GET staff/background').length).toBe(loads + 1));
});
