import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { OrderSummaryDto } from '@/shared/types/results';
import { ordersSaga } from '../ordersSaga';
import { OrdersPage } from './OrdersPage';

const summary: OrderSummaryDto = {
  id: 5,
  number: 'LS-5',
  status: 'visit_confirmed',
  createdAt: '2026-11-01T10:00:00.000Z',
  visit: { slotId: 1, start: '2026-11-02T08:00:00.000Z', end: '2026-11-02T09:00:00.000Z', timeZone: 'Europe/Warsaw' },
  laboratory: { id: 'waw', cityName: 'Warszawa', address: 'Prosta 1', phone: '', timeZone: 'Europe/Warsaw' },
  total: { price: 120, currency: 'PLN' },
  patientCount: 1,
  analysisCount: 2,
  resultCount: 0,
};

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

describe('/orders', () => {
  it('lists the user\'s orders with their status and a link to each', async () => {
    backend = fakeBackend({ 'GET orders': [200, [summary]] });
    writeStorage('token', 'tok-1');
    const app = renderApp(<OrdersPage />, { router: testRouter('/orders'), saga: ordersSaga });
    act(() => {
      app.store.dispatch(loggedIn());
    });
    const list = await screen.findByRole('list', { name: 'My orders' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading')).toHaveTextContent('Order LS-5');
    expect(within(item).getByRole('link')).toHaveAttribute('href', '/orders/5');
  });

  it('asks a visitor to log in, through the auth modal, and asks the server nothing', async () => {
    backend = fakeBackend({});
    const app = renderApp(<OrdersPage />, { router: testRouter('/orders'), saga: ordersSaga });
    expect(await screen.findByText('Log in to see your results')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in' }));
    expect(app.store.getState().auth.modalOpen).toBe(true);
    expect(backend.requests).toHaveLength(0);
  });
});
