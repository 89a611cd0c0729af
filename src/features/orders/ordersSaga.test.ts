import { makeStore } from '@/store/makeStore';
import { logout } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { Status } from '@/lib/status';
import type { OrderDetailDto, OrderSummaryDto } from '@/shared/types/results';
import { ordersSaga } from './ordersSaga';
import { cancelRequested, orderRequested, ordersRequested, rescheduleRequested, selectOrder, slotsRequested } from './ordersSlice';

const summary = { id: 5, number: 'LS-5', status: 'visit_confirmed' } as OrderSummaryDto;
const detail = (status: OrderDetailDto['status']) => ({ id: 5, number: 'LS-5', status }) as OrderDetailDto;
const settle = () => new Promise((r) => setTimeout(r, 0));

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
});

describe('orders saga', () => {
  it('loads the list and an order, each with its own status', async () => {
    backend = fakeBackend({ 'GET orders': [200, [summary]], 'GET orders/5': [200, detail('visit_confirmed')], 'GET orders/6': [404, { error: 'Order not found' }] });
    const store = makeStore({ saga: ordersSaga });
    store.dispatch(ordersRequested());
    store.dispatch(orderRequested({ orderId: 5 }));
    store.dispatch(orderRequested({ orderId: 6 }));
    await settle();
    const state = store.getState();
    expect(state.orders.orders).toEqual({ status: Status.SUCCESS, data: [summary], error: null });
    expect(selectOrder(state, 5).data?.status).toBe('visit_confirmed');
    expect(selectOrder(state, 6)).toMatchObject({ status: Status.ERROR, data: null, error: { status: 404 } });
    expect(selectOrder(state, 7).status).toBe(Status.INITIAL);
  });

  it('a cancel or a visit move replaces the order and drops the list, which shows the old status', async () => {
    backend = fakeBackend({
      'GET orders': [200, [summary]],
      'POST orders/5/cancel': [200, detail('cancelled')],
      'POST orders/5/reschedule': [409, { error: 'Slot is full', code: 'slot_full' }],
    });
    const store = makeStore({ saga: ordersSaga });
    store.dispatch(ordersRequested());
    await settle();
    store.dispatch(rescheduleRequested({ orderId: 5, slotId: 9 }));
    await settle();
    expect(store.getState().orders.visitChange.status).toBe(Status.ERROR);
    expect(backend.requests.find((r) => r.url === 'orders/5/reschedule')?.body).toEqual({ slotId: 9 });
    store.dispatch(cancelRequested({ orderId: 5 }));
    await settle();
    const state = store.getState();
    expect(state.orders.visitChange.status).toBe(Status.SUCCESS);
    expect(selectOrder(state, 5)).toMatchObject({ status: Status.SUCCESS, data: { status: 'cancelled' } });
    expect(state.orders.orders).toEqual({ status: Status.INITIAL, data: null, error: null });
  });

  it('asks for free visit times of the laboratory and period, and forgets everything on sign-out', async () => {
    const slot = { id: 3, start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T09:00:00.000Z' };
    backend = fakeBackend({ 'GET nurse-slots': [200, [slot]], 'GET orders': [200, [summary]] });
    const store = makeStore({ saga: ordersSaga });
    store.dispatch(slotsRequested({ laboratoryId: 'waw', from: 'a', to: 'b' }));
    store.dispatch(ordersRequested());
    await settle();
    expect(backend.requests.find((r) => r.url === 'nurse-slots')?.params).toEqual({ laboratoryId: 'waw', from: 'a', to: 'b' });
    expect(store.getState().orders.slots.data).toEqual([slot]);
    store.dispatch(logout());
    expect(store.getState().orders).toEqual({ orders: { status: Status.INITIAL, data: null, error: null }, order: {}, visitChange: { status: Status.INITIAL, data: null, error: null }, slots: { status: Status.INITIAL, data: [], error: null } });
  });
});
