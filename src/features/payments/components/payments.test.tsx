import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { navigation } from '@/store/navigation';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { sampleUser } from '@/testing/samples';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { fakeOrderStream } from '@/testing/fakeOrderStream';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { OrderChangeEventDto } from '@/shared/types/order';
import type { OrderDetailDto } from '@/shared/types/results';
import { TextDecoder, TextEncoder } from 'util';
import { OrderSubmittedView } from '@/features/checkout/components/OrderSubmittedView';
import { externalNavigation } from '../redirect';
import type { OrderPaymentDto } from '../types';
import { TestPaymentView } from './TestPaymentView';
import { OrderPaymentBlock } from './OrderPaymentBlock';

const realFetch = globalThis.fetch;
beforeAll(() => {
  Object.assign(globalThis, { TextDecoder, TextEncoder });
});

let shop: FakeBackend | null = null;
let goTo: jest.SpyInstance;
let assign: jest.SpyInstance;
beforeEach(() => {
  goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
  assign = jest.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  shop?.restore();
  shop = null;
  jest.restoreAllMocks();
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

const payment = (status: OrderPaymentDto['status'], extra: Partial<OrderPaymentDto> = {}): OrderPaymentDto => ({
  method: 'online',
  status,
  amount: 154.5,
  currency: 'PLN',
  refundedAmount: 0,
  paidAt: status === 'paid' ? '2026-11-26T10:00:00.000Z' : null,
  ...extra,
});

/** An attempt still open with the operator, and one that ended (declined, or the operator could not start it). */
const openAttempt = { id: 1, status: 'registered' as const, amount: 154.5, paidAt: null };
const closedAttempt = { id: 1, status: 'failed' as const, amount: 154.5, paidAt: null };

/** The order as `GET orders/{id}` answers it (the order-submitted page's one read), with its payment. */
const order = (p: OrderPaymentDto) =>
  ({
    id: 90,
    number: 'LS-000090',
    status: 'placed',
    createdAt: '2026-11-26T09:00:00.000Z',
    laboratory: { id: '2', cityName: 'Warsaw', address: 'ul. Targowa 64', phone: '+48 22 000 00 00', timeZone: 'Europe/Warsaw', email: 'lab@example.com' },
    visit: { slotId: 42, start: '2026-11-28T08:00:00.000Z', end: '2026-11-28T09:00:00.000Z', timeZone: 'Europe/Warsaw', state: 'booked', window: null, nurseFirstName: null, events: [] },
    address: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' },
    feedback: { useEmail: true, usePhone: false, quickPhone: '' },
    total: { price: 154.5, currency: 'PLN' },
    subtotal: 105.5,
    deliveryPrice: 49,
    promoCode: null,
    discount: 0,
    patients: [],
    preparation: { fastingHours: 0, notes: [] },
    events: [],
    payment: p,
  }) as unknown as OrderDetailDto;

function openSubmitted(query: Record<string, string> = {}) {
  const app = renderApp(<OrderSubmittedView />, { sagas: 'shop', router: testRouter('/order/order-submitted', { orderId: '90', ...query }) });
  act(() => {
    writeStorage('token', 'tok-1');
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(sampleUser));
  });
  return app;
}

/** The test page's POSTs with this action. */
const actions = (action: string) => shop?.calls('POST payments/test/ps_1').filter((r) => (r.body as { action: string }).action === action) ?? [];

describe('the test provider page', () => {
  const open = (status = 'awaiting') => {
    shop = fakeBackend({
      // The session as the server answers it: the attempt's own state.
      'GET payments/test/ps_1': [200, { sessionId: 'ps_1', orderId: 90, orderNumber: 'LS-90', amount: 154.5, currency: 'PLN', status: status === 'awaiting' ? 'registered' : status, returnUrl: '/order/order-submitted?orderId=90', test: true }],
      'POST payments/test/ps_1': (req) => ((req.body as { action: string }).action === 'pay' ? [200, {}] : [200, { redirectUrl: '/order/order-submitted?orderId=90&declined=1' }]),
    });
    renderApp(<TestPaymentView />, { sagas: 'shop', router: testRouter('/payments/test/[id]', { id: 'ps_1' }) });
  };

  it('says it is a test, shows the amount and the order, and "Pay" pays then returns to the order', async () => {
    open();
    expect(await screen.findByTestId('test-banner')).toHaveTextContent('No money moves');
    expect(screen.getByRole('heading', { name: 'Test payment — no money moves' })).toBeInTheDocument();
    expect(screen.getByTestId('test-amount')).toHaveTextContent('154.50');
    // The order's number, the one the patient knows, not its database id.
    // Under the label "Order", the number alone: the word is not said twice.
    expect(screen.getByText('Order', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByTestId('test-order-number')).toHaveTextContent(/^LS-90$/);
    expect(screen.queryByText(/Order ID/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=90'));
    expect(actions('pay')).toHaveLength(1);
    expect(actions('decline')).toHaveLength(0);
  });

  it('"Decline" reports the refusal and follows the answer', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=90&declined=1'));
    expect(actions('decline')).toHaveLength(1);
  });

  it('"Leave" returns to the order-submitted page, saying the payer left, without calling the provider', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/order/order-submitted?orderId=90&left=1'));
    expect(shop?.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('a payment already settled offers only the way back', async () => {
    open('paid');
    expect(await screen.findByText('This payment is already settled: Paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});

describe('the order-submitted page follows the payment', () => {
  it('waits (announced as a status) until the order\'s event stream says the payment is paid, without asking again', async () => {
    // Back from the operator with the attempt still open there: the payment is really under way.
    shop = fakeBackend({ 'GET orders/90': [200, order(payment('awaiting', { attempts: [openAttempt] }))] });
    const stream = fakeOrderStream();
    globalThis.fetch = stream.fetchMock as unknown as typeof fetch;
    openSubmitted();
    const waiting = await screen.findByTestId('payment-status');
    expect(waiting).toHaveAttribute('role', 'status');
    expect(waiting).toHaveTextContent('Waiting for the payment');
    // The sentence ends where it ends; the amount is on a line of its own.
    expect(within(waiting).getByText('We are checking with the payment operator. This page updates by itself.')).toBeInTheDocument();
    expect(within(waiting).getByTestId('payment-amount')).toHaveTextContent(/^To pay: PLN\s154\.50$/);
    expect(within(screen.getByTestId('payment-status')).getByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(stream.urls).toEqual(['/api/backend/orders/90/events']));
    act(() => stream.send({ status: 'placed', visit: { state: 'booked', window: null, nurseFirstName: null, events: [] }, payment: payment('paid') } as OrderChangeEventDto));
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid'));
    expect(screen.getByTestId('payment-status')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Paid. Thank you!');
    expect(shop.calls('GET orders/90')).toHaveLength(1);
    // Paid online: no "pay the nurse".
    expect(screen.queryByText('Pay the nurse at the visit.')).toBeNull();
  });

  it('failed: "Pay now" starts a new attempt and goes to the operator\'s page by a full navigation', async () => {
    shop = fakeBackend({
      'GET orders/90': [200, order(payment('failed', { payBy: '2026-11-26T15:25:00.000Z' }))],
      'POST orders/90/pay': [200, { orderId: 90, redirectUrl: 'https://sandbox.przelewy24.pl/trnRequest/TOKEN-2' }],
    });
    openSubmitted();
    expect(await screen.findByText('The payment failed, try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.przelewy24.pl/trnRequest/TOKEN-2'));
    expect(goTo).not.toHaveBeenCalled();
    expect(shop.calls('POST orders/90/pay')).toHaveLength(1);
  });

  it('failed and the operator still unreachable: says so and stays', async () => {
    shop = fakeBackend({
      'GET orders/90': [200, order(payment('failed', { payBy: '2026-11-26T15:25:00.000Z' }))],
      'POST orders/90/pay': [502, { error: 'Payment could not start', code: 'payment_unavailable' }],
    });
    openSubmitted();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment could not start. Try again or pay on visit.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('awaiting (the payer left the operator\'s page): "Pay now" and the deadline in the laboratory\'s zone', async () => {
    shop = fakeBackend({
      'GET orders/90': [200, order(payment('awaiting', { payBy: '2026-11-26T15:25:00.000Z' }))],
      'POST orders/90/pay': [200, { orderId: 90, redirectUrl: '/payments/test/ps_2' }],
    });
    openSubmitted();
    expect(await screen.findByTestId('pay-by')).toHaveTextContent(/^Pay by (26 Nov 2026, )?16:25, or the visit is released\.$/);
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/payments/test/ps_2'));
  });

  it('names the laboratory\'s zone once, under the title, for every time on the page, and keeps the order number whole', async () => {
    shop = fakeBackend({ 'GET orders/90': [200, order(payment('failed', { payBy: '2026-11-26T15:25:00.000Z' }))] });
    openSubmitted();
    expect(await screen.findByText('Times in Warsaw time')).toHaveClass('page-subtitle');
    expect(await screen.findByTestId('pay-by')).toBeInTheDocument();
    expect(document.body.textContent?.match(/Warsaw time/g)).toHaveLength(1);
    expect(screen.queryByText(/Laboratory time/)).toBeNull();
    // The number in one piece: a narrow phone does not break it at its hyphen.
    expect(screen.getByTestId('order-number')).toHaveTextContent(/^LS-000090$/);
    expect(screen.getByTestId('order-number')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByTestId('order-number').parentElement).toHaveTextContent(/^Order LS-000090$/);
  });

  it('after a decline the page is not titled "Order submitted" and does not thank', async () => {
    shop = fakeBackend({ 'GET orders/90': [200, order(payment('failed', { payBy: '2026-11-26T15:25:00.000Z' }))] });
    openSubmitted();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order submitted' })).toBeNull();
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.getByText('Your order is not paid yet.')).toBeInTheDocument();
  });

  it.each([
    ['the payer left the payment page (its attempt still open)', { left: '1' }, [openAttempt]],
    ['no attempt open with the operator', {}, [closedAttempt]],
    ['no attempt at all', {}, []],
  ])('awaiting, %s: says plainly the order is not paid yet, with "Pay now" and the deadline, not "checking"', async (_, query, attempts) => {
    shop = fakeBackend({ 'GET orders/90': [200, order(payment('awaiting', { payBy: '2026-11-26T15:25:00.000Z', attempts }))] });
    openSubmitted(query);
    const panel = await screen.findByTestId('payment-status');
    expect(panel).toHaveTextContent('The payment has not been made.');
    expect(within(panel).getByTestId('payment-amount')).toHaveTextContent(/^To pay: PLN\s154\.50$/);
    expect(within(panel).getByTestId('pay-by')).toHaveTextContent(/^Pay by (26 Nov 2026, )?16:25, or the visit is released\.$/);
    expect(within(panel).getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order submitted' })).toBeNull();
    expect(screen.getByText('Your order is not paid yet.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Waiting for the payment|checking with the payment operator|Thank you/);
  });

  it('expired: says so with a link to order again, and asks nothing more', async () => {
    shop = fakeBackend({ 'GET orders/90': [200, order(payment('expired'))] });
    openSubmitted();
    expect(await screen.findByText('The time to pay has run out and the order was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order again' })).toHaveAttribute('href', '/order/cart');
    await new Promise((r) => setTimeout(r, 2300));
    expect(shop.calls('GET orders/90')).toHaveLength(1);
  });

  it('pay on visit: no payment panel, the nurse is paid', async () => {
    shop = fakeBackend({ 'GET orders/90': [200, order(payment('on_visit', { method: 'on_visit' }))] });
    openSubmitted();
    expect(await screen.findByText('Pay the nurse at the visit.')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-status')).toBeNull();
  });
});

describe('the order page payment block', () => {
  it('shows method, status, amount, refunded, paid at and the refund of a cancellation now', () => {
    renderApp(<OrderPaymentBlock payment={payment('partially_refunded', { refundedAmount: 30, paidAt: '2026-11-26T10:00:00.000Z' })} canCancel />);
    const block = screen.getByRole('region', { name: 'Payment' });
    expect(block).toHaveTextContent('MethodOnline');
    expect(block).toHaveTextContent('StatusPartly refunded');
    expect(block).toHaveTextContent(/Amount.*154\.50/);
    expect(block).toHaveTextContent(/Refunded.*30\.00/);
    expect(block).toHaveTextContent('Paid at');
    expect(screen.getByTestId('refund-if-cancelled')).toHaveTextContent(/If you cancel now, you get back .*124\.50/);
  });

  it('awaiting or failed: "Pay now" with the deadline; paid: none', async () => {
    const { unmount } = renderApp(<OrderPaymentBlock payment={payment('failed', { payBy: '2026-11-26T15:25:00.000Z' })} canCancel orderId={90} timeZone="Europe/Minsk" />);
    expect(screen.getByTestId('pay-by')).toHaveTextContent(/Pay by (26 Nov 2026, )?18:25, or the visit is released/);
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    unmount();
    renderApp(<OrderPaymentBlock payment={payment('paid')} canCancel orderId={90} timeZone="Europe/Warsaw" />);
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('paid twice: says plainly how much is on its way back (order currency), then that it was returned; a cancellation still gives back the order', () => {
    const attempts = [
      { id: 1, status: 'paid' as const, amount: 86.5, paidAt: '2026-11-26T10:00:00.000Z' },
      { id: 2, status: 'paid' as const, amount: 86.5, paidAt: '2026-11-26T10:01:00.000Z' },
    ];
    const { unmount } = renderApp(<OrderPaymentBlock payment={payment('paid', { amount: 86.5, attempts, overpaidRefund: { amount: 86.5, status: 'pending' }, pendingRefundAmount: 86.5 })} canCancel />);
    expect(screen.getByTestId('overpaid-refund')).toHaveTextContent(/^You paid twice; PLN\s86\.50 is on its way back\.$/);
    unmount();
    renderApp(<OrderPaymentBlock payment={payment('paid', { amount: 86.5, attempts, refundedAmount: 86.5, overpaidRefund: { amount: 86.5, status: 'done' } })} canCancel />);
    expect(screen.getByTestId('overpaid-refund')).toHaveTextContent(/You paid twice; PLN\s86\.50 was returned/);
    expect(screen.getByTestId('refund-if-cancelled')).toHaveTextContent(/you get back .*86\.50/);
  });

  it('a payment after the order ended, in EUR: on its way back; no notice without an overpayment', () => {
    const { unmount } = renderApp(<OrderPaymentBlock payment={payment('expired', { currency: 'EUR', amount: 40, attempts: [{ id: 3, status: 'paid', amount: 40, paidAt: null }], overpaidRefund: { amount: 40, status: 'pending' } })} canCancel />);
    expect(screen.getByTestId('overpaid-refund')).toHaveTextContent(/arrived after the order had ended; (€40\.00|40\.00\s€|40\.00\sEUR) is on its way back/);
    unmount();
    renderApp(<OrderPaymentBlock payment={payment('paid')} canCancel />);
    expect(screen.queryByTestId('overpaid-refund')).toBeNull();
  });

  it('"if you cancel now" is the server\'s amount by the refund rule (after "not at home" less the visit fee)', () => {
    renderApp(<OrderPaymentBlock payment={payment('paid', { amount: 86.5, refundIfCancelled: 37.5 })} canCancel />);
    expect(screen.getByTestId('refund-if-cancelled')).toHaveTextContent(/If you cancel now, you get back .*37\.50/);
    expect(screen.getByTestId('refund-if-cancelled')).not.toHaveTextContent('86.50');
  });

  it('paid but the rule refunds nothing: says so, not "nothing was paid online"', () => {
    renderApp(<OrderPaymentBlock payment={payment('paid', { refundIfCancelled: 0 })} canCancel />);
    expect(screen.getByTestId('refund-if-cancelled')).toHaveTextContent('If you cancel now, nothing is refunded.');
  });

  it('cancelled: the refund under way, and no "can no longer be cancelled, so no refund"', () => {
    renderApp(<OrderPaymentBlock payment={payment('paid', { pendingRefundAmount: 37.5, refundIfCancelled: null })} canCancel={false} cancelled />);
    const block = screen.getByRole('region', { name: 'Payment' });
    expect(block).toHaveTextContent(/Refund under way.*37\.50/);
    expect(screen.queryByTestId('refund-if-cancelled')).toBeNull();
    expect(block).not.toHaveTextContent('no refund');
  });

  it('after the cancellation deadline no refund by cancellation; on visit nothing to refund', () => {
    const { unmount } = renderApp(<OrderPaymentBlock payment={payment('paid')} canCancel={false} />);
    expect(screen.getByTestId('refund-if-cancelled')).toHaveTextContent('can no longer be cancelled');
    unmount();
    renderApp(<OrderPaymentBlock payment={payment('on_visit', { method: 'on_visit' })} canCancel />);
    expect(screen.getByTestId('refund-if-cancelled')).toHaveTextContent('Nothing was paid online');
  });

  it('a free order (a redraw) says there is nothing to pay, not "pay on visit" beside 0.00', () => {
    const { unmount } = renderApp(<OrderPaymentBlock payment={payment('on_visit', { method: 'on_visit', amount: 0 })} canCancel />);
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Nothing to pay');
    unmount();
    renderApp(<OrderPaymentBlock payment={payment('on_visit', { method: 'on_visit' })} canCancel />);
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Pay on visit');
  });
});
