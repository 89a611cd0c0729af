import { backendClient } from '@/lib/apiClient';
import type { NurseSlotDto } from '@/shared/types/api';
import type { OrderDetailDto, OrderSummaryDto } from '@/shared/types/results';

/** Calls of the patient's orders: the list, one order, cancelling or moving its visit, free visit times (backend root). */
export const ordersApi = {
  orders: () => backendClient.get<OrderSummaryDto[]>('orders').then((r) => r.data),
  order: (id: number) => backendClient.get<OrderDetailDto>(`orders/${id}`).then((r) => r.data),
  cancelOrder: (id: number) => backendClient.post<OrderDetailDto>(`orders/${id}/cancel`).then((r) => r.data),
  rescheduleOrder: (id: number, slotId: number) => backendClient.post<OrderDetailDto>(`orders/${id}/reschedule`, { slotId }).then((r) => r.data),
  nurseSlots: (laboratoryId: string, from: string, to: string) =>
    backendClient.get<NurseSlotDto[]>('nurse-slots', { params: { laboratoryId, from, to } }).then((r) => r.data),
};
