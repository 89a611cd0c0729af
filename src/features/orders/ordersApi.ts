import { backendClient } from '@/lib/apiClient';
import type { NurseSlotDto } from '@/shared/types/api';
import type { OrderDetailDto, OrderSummaryDto } from '@/shared/types/results';

/** Calls of the patient's orders: the list, one order, cancelling or moving its visit, free visit times (backend root). */
export const ordersApi = {
  orders: () => backendClient.get<OrderSummaryDto[]>('orders').then((r) => r.data),
  order: (id: number) => backendClient.get<OrderDetailDto>(`orders/${id}`).then((r) => r.data),
  cancelOrder: (id: number) => backendClient.post<OrderDetailDto>(`orders/${id}/cancel`).then((r) => r.data),
  rescheduleOrder: (id: number, slotId: number) => backendClient.post<OrderDetailDto>(`orders/${id}/reschedule`, { slotId }).then((r) => r.data),
  /** The free redraw of the order's rejected samples: the redraw order's id (201, or 200 when booked before). */
  bookRedraw: (id: number, orderSlotId: number, nurseCheckoutDate: string) =>
    backendClient.post<{ orderId: number }>(`orders/${id}/redraw`, { orderSlotId, nurseCheckoutDate }).then((r) => r.data),
  nurseSlots: (laboratoryId: string, from: string, to: string, forCart = false) =>
    backendClient.get<NurseSlotDto[]>('nurse-slots', { params: { laboratoryId, from, to, ...(forCart ? { forCart: 'true' } : {}) } }).then((r) => r.data),
};
