import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextDecoder, TextEncoder } from 'util';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { sampleUser } from '@/testing/samples';
import { fakeBackend, type FakeBackend, type FakeAnswer } from '@/testing/fakeBackend';
import { fakeOrderStream } from '@/testing/fakeOrderStream';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { OrderDetailDto } from '@/shared/types/results';
import type { PaymentDto } from '@/shared/types/payment';
import { OrderSubmittedView } from './OrderSubmittedView';

const payment = (status: PaymentDto['status'], extra: Partial<PaymentDto> = {}): PaymentDto => ({
  method: 'online',
  status,
  amount: 154.5,
  currency: 'PLN',
  refundedAmount: 0,
  paidAt: status === 'paid' ? '2026-11-26T10:00:00.000Z' : null,
  pendingRefundAmount: 0,
  payBy: '2026-11-26T15:25:00.000Z',
  refundIfCancelled: 0,
  attempts: [],
  ...extra,
});

/** The order as `GET orders/{id}` answers it: two patients, a promo code, a fasting analysis, one material to bring. */
const order = (p: PaymentDto = payment('paid')): OrderDetailDto => ({
  id: 90,
  number: 'LS-000090',
  status: 'placed',
  createdAt: '2026-11-26T09:00:00.000Z',
  visit: { slotId: 42, start: '2026-11-28T08:00:00.000Z', end: '2026-11-28T09:00:00.000Z', timeZone: 'Europe/Warsaw', state: 'booked', window: null, nurseFirstName: null, events: [] },
  laboratory: { id: '2', cityName: 'Warsaw', address: 'ul. Targowa 64', phone: '+48 22 000 00 00', timeZone: 'Europe/Warsaw', email: 'lab@example.com' },
  total: { price: 154.5, currency: 'PLN' },
  patientCount: 2,
  analysisCount: 3,
  resultCount: 0,
  subtotal: 115.5,
  deliveryPrice: 49,
  promoCode: 'SPRING10',
  discount: 10,
  address: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '2', floor: '1', apartment: '1', intercomCode: '12#', notes: 'Ring twice' },
  feedback: { useEmail: true, usePhone: false, quickPhone: '' },
  patients: [
    {
      id: 7,
      firstName: 'Anna',
      lastName: 'Nowak',
      lines: [
        { analysisId: 1, code: 'CBC', name: 'Complete blood count', price: 30, hasResult: false, expectedBy: null, preliminary: false },
        { analysisId: 2, code: 'GLU', name: 'Glucose', price: 40, hasResult: false, expectedBy: null, preliminary: false },
      ],
      materials: [
        { materialId: 1, name: 'Blood tube', bought: true, price: 5.5 },
        { materialId: 2, name: 'Gel tube', bought: false, price: 0 },
      ],
    },
    {
      id: 8,
      firstName: 'Jan',
      lastName: 'Nowak',
      lines: [{ analysisId: 1, code: 'CBC', name: 'Complete blood count', price: 30, hasResult: false, expectedBy: null, preliminary: false }],
      materials: [{ materialId: 1, name: 'Blood tube', bought: true, price: 10 }],
    },
  ],
  preparation: { fastingHours: 8, notes: [{ analysisId: 2, name: 'Glucose', preparation: 'Do not drink sweet drinks the evening before.' }] },
  events: [],
  expectedBy: null,
  canChangeVisit: true,
  changeDeadline: '2026-11-27T08:00:00.000Z',
  payment: p,
});

const realFetch = globalThis.fetch;
let shop: FakeBackend | null = null;
beforeAll(() => {
  Object.assign(globalThis, { TextDecoder, TextEncoder });
});
beforeEach(() => {
  // The order's event stream: open, and silent unless a test writes into it.
  globalThis.fetch = fakeOrderStream().fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  shop?.restore();
  shop = null;
  jest.restoreAllMocks();
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

function openSubmitted(orderAnswer: FakeAnswer | FakeAnswer[], query: Record<string, string> = { orderId: '90' }) {
  shop = fakeBackend({ 'GET orders/90': orderAnswer });
  const app = renderApp(<OrderSubmittedView />, { sagas: 'shop', router: testRouter('/order/order-submitted', query) });
  act(() => {
    writeStorage('token', 'tok-1');
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  return app;
}

/** The reads of the order made by the page: the order (backend `orders/90`) and the shop's `order/90`. */
const orderReads = () => (shop?.requests ?? []).filter((r) => r.method === 'GET' && /^orders?\/90$/.test(r.path)).map((r) => r.route);

describe('the order-submitted page reads the order from the orders store', () => {
  it('shows the number, visit, address, preparation, patients, money and the laboratory from one read of the order', async () => {
    openSubmitted([200, order()]);
    expect(await screen.findByTestId('order-number')).toHaveTextContent(/^LS-000090$/);
    expect(screen.getByRole('heading', { name: 'Order submitted' })).toBeInTheDocument();
    expect(screen.getByText('Thank you! We have sent the details to your e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Times in Warsaw time')).toBeInTheDocument();

    const visit = screen.getByRole('region', { name: 'Nurse visit' });
    expect(visit).toHaveTextContent(/Saturday, 28 November 2026/);
    expect(visit).toHaveTextContent('09:00–10:00');

    const address = screen.getByRole('region', { name: 'Address' });
    expect(within(address).getByText('Marszałkowska 10, entrance 2, floor 1, apartment 1, 00-683 Warsaw, PL (intercom 12#)')).toBeInTheDocument();
    expect(within(address).getByText('Notes: Ring twice')).toBeInTheDocument();

    const prepare = screen.getByRole('region', { name: 'What to prepare' });
    expect(prepare).toHaveTextContent('Do not eat for 8 hours before the visit. Water is fine.');
    expect(prepare).toHaveTextContent('Glucose: Do not drink sweet drinks the evening before.');
    expect(prepare).toHaveTextContent('Have ready: Gel tube');

    expect(screen.getByText('Complete blood count, Glucose')).toBeInTheDocument();
    expect(screen.getByText('Jan Nowak')).toBeInTheDocument();
    const money = screen.getByTestId('money-breakdown');
    expect(within(money).getAllByTestId('breakdown-line').map((l) => l.getAttribute('data-minor'))).toEqual(['7000', '550', '3000', '1000', '4900', '-1000']);
    expect(within(money).getByText('Promo code SPRING10 applied:')).toBeInTheDocument();
    expect(within(money).getByTestId('breakdown-total')).toHaveTextContent(/PLN\s154\.50/);

    const contact = screen.getByRole('region', { name: 'Questions? Contact the laboratory' });
    expect(contact).toHaveTextContent('Warsaw, ul. Targowa 64');
    expect(contact).toHaveTextContent('Phone: +48 22 000 00 00');
    expect(contact).toHaveTextContent('E-mail: lab@example.com');

    // One read of the order (the order detail, which the event stream keeps live); the shop's `order/90` is not asked.
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid'));
    expect(orderReads()).toEqual(['GET orders/90']);
  });

  it('an event of the order\'s stream changes the payment block, without reading the order again', async () => {
    const stream = fakeOrderStream();
    globalThis.fetch = stream.fetchMock as unknown as typeof fetch;
    openSubmitted([200, order(payment('awaiting', { attempts: [{ id: 1, status: 'registered', amount: 154.5, paidAt: null }] }))]);
    const panel = await screen.findByTestId('payment-status');
    expect(panel).toHaveAttribute('data-status', 'awaiting');
    expect(panel).toHaveTextContent('Waiting for the payment');
    await waitFor(() => expect(stream.urls).toEqual(['/api/backend/orders/90/events']));
    act(() => stream.send({ status: 'placed', visit: { state: 'booked', window: null, nurseFirstName: null, events: [] }, payment: payment('failed') }));
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByTestId('payment-status')).toHaveTextContent('The payment failed, try again.');
    expect(screen.getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText('Your order is not paid yet.')).toBeInTheDocument();
    // The rest of the order stays as read.
    expect(screen.getByTestId('order-number')).toHaveTextContent(/^LS-000090$/);
    expect(orderReads()).toEqual(['GET orders/90']);
  });

  it('lists the patients as they were placed (the cart\'s order), not by patient id as the order detail comes', async () => {
    openSubmitted([200, { ...order(), patientIdsPlaced: [8, 7] }]);
    await screen.findByTestId('order-number');
    expect(screen.getAllByText(/^(Anna|Jan) Nowak$/).map((e) => e.textContent)).toEqual(['Jan Nowak', 'Anna Nowak']);
  });

  it('another user\'s order (404): "not found", asked once', async () => {
    openSubmitted([404, { error: 'Order not found', code: 'not_found' }]);
    expect(await screen.findByText('This order was not found.')).toBeInTheDocument();
    expect(screen.queryByTestId('order-number')).toBeNull();
    expect(orderReads()).toEqual(['GET orders/90']);
  });

  it('an order id that is not a number: "not found", nothing asked', async () => {
    openSubmitted([200, order()], { orderId: 'abc' });
    expect(await screen.findByText('This order was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect((shop?.requests ?? []).filter((r) => /^orders?\//.test(r.path))).toEqual([]);
  });

  it('a failed read says so without the server\'s sentence; Retry reads the order again and shows it', async () => {
    openSubmitted([
      [503, { error: 'Database is down' }],
      [200, order()],
    ]);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByText(/Database is down/)).toBeNull();
    expect(screen.queryByText('This order was not found.')).toBeNull();
    await userEvent.click(retry);
    expect(await screen.findByTestId('order-number')).toHaveTextContent(/^LS-000090$/);
    expect(orderReads()).toEqual(['GET orders/90', 'GET orders/90']);
  });
});
