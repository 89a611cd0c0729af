import { backendClient } from '@/lib/apiClient';
import type { CheckInDto, CheckInResultDto } from '@/shared/types/checkIn';

/** The morning check-in of a visit (`orders/{id}/check-in`). */
export const checkInApi = {
  async load(orderId: number): Promise<CheckInDto> {
    return (await backendClient.get<CheckInDto>(`orders/${orderId}/check-in`)).data;
  },
  async answer(orderId: number, body: { lastMealAt: string; cycleStart?: string | null }): Promise<CheckInResultDto> {
    return (await backendClient.post<CheckInResultDto>(`orders/${orderId}/check-in`, body)).data;
  },
};
