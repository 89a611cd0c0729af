import { act, screen, waitFor, within } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';
import { writeStorage } from '@/shared/storage';
import { loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { fakeOrderStream } from '@/testing/fakeOrderStream';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { OrderDetailDto } from '@/shared/types/results';
import type { OrderChangeEventDto } from '@/shared/types/order';
import type { PaymentDto } from '@/shared/types/payment';
import { ordersSaga } from '../ordersSaga';
import { OrderPage } from './OrderPage';

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

const payment = (status: PaymentDto['status']): PaymentDto => ({
  method: 'online',
  status,
  amount: 120,
  currency: 'PLN',
  refundedAmount: 0,
  paidAt: status === 'paid' ? inDays(0) : null,
  pendingRefundAmount: 0,
  payBy: null,
  refundIfCancelled: status === 'paid' ? 120 : 0,
  attempts: [],
});

const order: OrderDetailDto = {
  id: 5,
  number: 'LS-5',
  status: 'visit_confirmed',
  createdAt: inDays(-1),
  visit: { slotId: 1, start: inDays(3), end: inDays(3.1), timeZone: 'Europe/Warsaw', state: 'on_the_way', window: null, nurseFirstName: 'Nina', events: [] },
  laboratory: { id: 'waw', cityName: 'Warszawa', address: 'Prosta 1', phone: '', timeZone: 'Europe/Warsaw' },
  total: { price: 120, currency: 'PLN' },
  patientCount: 1,
  analysisCount: 1,
  resultCount: 0,
  subtotal: 100,
  deliveryPrice: 20,
  promoCode: null,
  discount: 0,
  address: { country: 'PL', city: 'Warszawa', postalCode: '00-683', street: 'Prosta 5', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' },
  feedback: { useEmail: true, usePhone: true, quickPhone: '' },
  patients: [{ id: 7, firstName: 'Anna', lastName: 'Nowak', materials: [], lines: [{ analysisId: 1, code: 'TSH', name: 'TSH', price: 100, hasResult: false, expectedBy: null, preliminary: false, sample: { status: 'ok' } }] }],
  events: [],
  expectedBy: null,
  canChangeVisit: true,
  changeDeadline: inDays(2),
  redraw: { available: false, deadline: null },
  redrawOf: null,
  payment: payment('awaiting'),
} as unknown as OrderDetailDto;

let backend: FakeBackend | null = null;
const realFetch = globalThis.fetch;
beforeAll(() => {
  Object.assign(globalThis, { TextDecoder, TextEncoder });
});
afterEach(() => {
  backend?.restore();
  backend = null;
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

describe('/orders/{id} live', () => {
  it('one event of the order stream moves the status chip, the cancel button, the visit timeline and the payment block together', async () => {
    backend = fakeBackend({ 'GET orders/5': [200, order] });
    const stream = fakeOrderStream();
    globalThis.fetch = stream.fetchMock as unknown as typeof fetch;
    writeStorage('token', 'tok-1');
    const app = renderApp(<OrderPage />, { router: testRouter('/orders/[orderId]', { orderId: '5' }, '/orders/5'), saga: ordersSaga });
    act(() => {
      app.store.dispatch(loggedIn());
    });

    const visitCard = (await screen.findByRole('heading', { name: 'Nurse visit' })).parentElement as HTMLElement;
    expect(within(visitCard).getByText('Visit confirmed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeInTheDocument();
    expect(await screen.findByTestId('visit-state')).toHaveTextContent('Nina is on the way.');
    expect(await screen.findByTestId('order-payment-status')).toHaveTextContent('Waiting for the payment');
    // One stream, opened with the API client's token.
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(stream.requests[0]?.url).toBe('/api/backend/orders/5/events');
    expect(stream.requests[0]?.headers.Authorization).toBe('Bearer tok-1');

    act(() => {
      stream.send({
        status: 'sample_collected',
        visit: { state: 'collected', window: null, nurseFirstName: 'Nina', events: [{ state: 'collected', at: inDays(0) }] } as unknown as OrderChangeEventDto['visit'],
        payment: payment('paid'),
      }, '7');
    });

    await waitFor(() => expect(within(visitCard).getByText('Sample collected')).toBeInTheDocument());
    expect(within(visitCard).queryByText('Visit confirmed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    expect(screen.getByTestId('visit-state')).toHaveTextContent('The samples were collected and are on their way to the laboratory.');
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Paid');
    // The page asked for the order once: the change came with the stream, not by asking again.
    expect(backend.calls('GET orders/5')).toHaveLength(1);
    app.unmount();
  });
});

describe('/orders/{id} layout', () => {
  const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  async function open() {
    backend = fakeBackend({ 'GET orders/5': [200, order] });
    globalThis.fetch = fakeOrderStream().fetchMock as unknown as typeof fetch;
    writeStorage('token', 'tok-1');
    const app = renderApp(<OrderPage />, { router: testRouter('/orders/[orderId]', { orderId: '5' }, '/orders/5'), saga: ordersSaga });
    act(() => {
      app.store.dispatch(loggedIn());
    });
    const visitHeading = await screen.findByRole('heading', { name: 'Nurse visit' });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    return { app, visitHeading, payment };
  }

  it('on a phone the payment, its status and amount, comes first; the visit and the laboratory are one story (no second progress list, no history)', async () => {
    const { app, visitHeading, payment } = await open();
    expect(follows(payment, visitHeading)).toBe(true);
    expect(within(payment).getByTestId('order-payment-status')).toHaveTextContent('Waiting for the payment');
    expect(within(payment).getByText('PLN 120.00')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Progress' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Progress' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('list', { name: /Progress|Steps of the home visit/ })).toHaveLength(1);
    app.unmount();
  });

  it('from `md` the payment heads the second column, after the visit', async () => {
    const realMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} })) as unknown as typeof window.matchMedia;
    try {
      const { app, visitHeading, payment } = await open();
      expect(follows(visitHeading, payment)).toBe(true);
      app.unmount();
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });
});
