import { backendClient } from '@/lib/apiClient';
import type { OrderStatusDto, StaffOrderDetailDto, StaffOrderDto } from '@/lib/types/results';
import type { ResultEntry } from '@/lib/validation/results';

/** Calls of the lab staff console (backend root, `staff/*`). */
export const staffApi = {
  orders: (date: string) => backendClient.get<StaffOrderDto[]>('staff/orders', { params: { date } }).then((r) => r.data),
  order: (id: number) => backendClient.get<StaffOrderDetailDto>(`staff/orders/${id}`).then((r) => r.data),
  setStatus: (id: number, status: OrderStatusDto) => backendClient.post<StaffOrderDetailDto>(`staff/orders/${id}/status`, { status }).then((r) => r.data),
  saveResults: (id: number, entries: ResultEntry[]) => backendClient.put<StaffOrderDetailDto>(`staff/orders/${id}/results`, { entries }).then((r) => r.data),
};
