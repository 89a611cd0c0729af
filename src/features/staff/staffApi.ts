import { backendClient } from '@/lib/apiClient';
import type { OrderStatusDto, StaffOrderDetailDto, StaffOrderDto } from '@/lib/types/results';
import type { ResultEntry } from '@/lib/validation/results';

/** Calls of the lab staff console (backend root, `staff/*`). */
export const staffApi = {
  orders: (date: string) => backendClient.get<StaffOrderDto[]>('staff/orders', { params: { date } }).then((r) => r.data),
  order: (id: number) => backendClient.get<StaffOrderDetailDto>(`staff/orders/${id}`).then((r) => r.data),
  setStatus: (id: number, status: OrderStatusDto) => backendClient.post<StaffOrderDetailDto>(`staff/orders/${id}/status`, { status }).then((r) => r.data),
  /** Posts an HL7 v2 ORU^R01 message (ER7 text); answers the HL7 ACK as text, whatever its code. */
  importHl7: (er7: string) =>
    backendClient
      .post<string>('staff/results/import', er7, {
        headers: { 'Content-Type': 'x-application/hl7-v2+er7', Accept: 'x-application/hl7-v2+er7' },
        responseType: 'text',
        transformResponse: (r: unknown) => r,
        validateStatus: (s) => s === 200 || s === 400 || s === 422,
      })
      .then((r) => String(r.data)),
  saveResults: (id: number, entries: ResultEntry[]) => backendClient.put<StaffOrderDetailDto>(`staff/orders/${id}/results`, { entries }).then((r) => r.data),
};
