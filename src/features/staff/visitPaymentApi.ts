import { backendClient } from '@/lib/apiClient';
import type { NurseVisitDto } from '@/shared/types/results';

/** The payment the nurse takes at the visit (`POST staff/visits/{id}/payment`); answers the visit as its card shows it. */
export const visitPaymentApi = {
  record: (orderId: number, method: 'cash' | 'card') => backendClient.post<NurseVisitDto>(`staff/visits/${orderId}/payment`, { method }).then((r) => r.data),
};
