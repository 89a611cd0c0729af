import { act, screen } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';
import { writeStorage } from '@/shared/storage';
import { loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { OrderDetailDto } from '@/shared/types/results';
import { ordersSaga } from '../ordersSaga';
import { OrderPage } from './OrderPage';

/**
 * One clock: a Minsk order read on a device in New York shows the laboratory's wall clock
 * ("Placed … 15:25", paid at 15:30) and says the zone once, named after Minsk (Intl calls it Moscow).
 */
const minsk: OrderDetailDto = {
  id: 8,
  number: 'LS-8',
  status: 'visit_confirmed',
  createdAt: '2026-11-28T12:25:00.000Z',
  visit: { slotId: 1, start: '2026-12-02T05:00:00.000Z', end: '2026-12-02T07:00:00.000Z', timeZone: 'Europe/Minsk', state: 'booked', window: null, nurseFirstName: null, events: [{ state: 'booked', at: '2026-11-28T12:25:00.000Z' }] },
  laboratory: { id: 'msk', cityName: 'Minsk', address: 'Nezavisimosti 1', phone: '', timeZone: 'Europe/Minsk' },
  total: { price: 60, currency: 'BYN' },
  patientCount: 1,
  analysisCount: 1,
  resultCount: 0,
  subtotal: 50,
  deliveryPrice: 10,
  promoCode: null,
  discount: 0,
  address: { country: 'BY', city: 'Minsk', postalCode: '220005', street: 'Lenina 5', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' },
  feedback: { useEmail: true, usePhone: true, quickPhone: '' },
  patients: [{ id: 7, firstName: 'Anna', lastName: 'Ivanova', materials: [], lines: [{ analysisId: 1, code: 'TSH', name: 'TSH', price: 50, hasResult: false, expectedBy: null, preliminary: false, sample: { status: 'ok' } }] }],
  events: [{ status: 'placed', at: '2026-11-28T12:25:00.000Z', actor: 'patient', note: '' }],
  expectedBy: null,
  canChangeVisit: true,
  changeDeadline: '2026-12-01T05:00:00.000Z',
  redraw: { available: false, deadline: null },
  redrawOf: null,
  payment: { method: 'online', status: 'paid', amount: 60, currency: 'BYN', refundedAmount: 0, paidAt: '2026-11-28T12:30:00.000Z', pendingRefundAmount: 0, payBy: null, refundIfCancelled: 60, attempts: [] },
} as unknown as OrderDetailDto;

/** The order's event stream: open, silent until the page leaves. */
const silentStream = jest.fn(async (_url: string, init: { signal: AbortSignal }) => ({
  ok: true,
  status: 200,
  body: { getReader: () => ({ read: () => new Promise<{ done: boolean }>((resolve) => init.signal.addEventListener('abort', () => resolve({ done: true }))) }) },
}));

let backend: FakeBackend | null = null;
const realFetch = globalThis.fetch;
/** The device is in New York: a format that names no zone reads New York's clock. */
const RealDateTimeFormat = Intl.DateTimeFormat;
function DeviceDateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
  return new RealDateTimeFormat(locales, { ...options, timeZone: options?.timeZone ?? 'America/New_York' });
}
beforeAll(() => {
  Object.assign(globalThis, { TextDecoder, TextEncoder });
  Intl.DateTimeFormat = Object.assign(DeviceDateTimeFormat, { supportedLocalesOf: RealDateTimeFormat.supportedLocalesOf }) as unknown as typeof Intl.DateTimeFormat;
});
afterAll(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});
afterEach(() => {
  backend?.restore();
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

test('a Minsk order read in New York: every time on the laboratory clock, the zone named once after Minsk', async () => {
  // The device really is elsewhere: its own clock reads 07:25 for the moment the order was placed.
  expect(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(minsk.createdAt))).toBe('07:25');
  backend = fakeBackend({ 'GET orders/8': [200, minsk] });
  globalThis.fetch = silentStream as unknown as typeof fetch;
  writeStorage('token', 'tok-1');
  const app = renderApp(<OrderPage />, { router: testRouter('/orders/[orderId]', { orderId: '8' }, '/orders/8'), saga: ordersSaga });
  act(() => {
    app.store.dispatch(loggedIn());
  });
  const placed = await screen.findByText(/Placed/);
  // The moment it was placed, once on the page: under the title (the timeline's "Visit booked" step carries no time of its own).
  expect(placed).toHaveTextContent('Placed 28 Nov 2026, 15:25 · Times in Minsk time');
  expect(await screen.findByTestId('visit-timeline')).not.toHaveTextContent('15:25');
  expect(document.body.textContent?.match(/15:25/g)).toHaveLength(1);
  expect(document.body).not.toHaveTextContent(/07:25|Moscow/);
  expect(screen.getByTestId('visit-window')).toHaveTextContent('Wednesday, 2 December 2026, 08:00–10:00');
  expect(screen.getByTestId('visit-window')).not.toHaveTextContent('(');
  const payment = await screen.findByRole('region', { name: 'Payment' });
  expect(payment).toHaveTextContent('28 Nov 2026, 15:30');
  // The zone is said once on the page.
  expect(document.body.textContent?.match(/Minsk time/g)).toHaveLength(1);
  app.unmount();
});
