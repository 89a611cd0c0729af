import { backendClient } from '@/lib/apiClient';
import type { NurseSlotDto } from '@/shared/types/api';
import type {
  AnalysisResultDetailDto,
  OrderDetailDto,
  OrderSummaryDto,
  PatientResultsDto,
  ResultShareCreatedDto,
  ResultShareDto,
  TestResultDto,
  TestResultSummaryDto,
} from '@/shared/types/results';

/** Calls of the patient's orders and test results (backend root). */
export const resultsApi = {
  testResults: () => backendClient.get<TestResultSummaryDto[]>('test-results').then((r) => r.data),
  testResult: (id: number) => backendClient.get<TestResultDto>(`test-results/${id}`).then((r) => r.data),
  patientResults: (id: number, patientId: number) =>
    backendClient.get<PatientResultsDto>(`test-results/${id}/patients/${patientId}`).then((r) => r.data),
  analysisResult: (id: number, patientId: number, resultId: number) =>
    backendClient.get<AnalysisResultDetailDto>(`test-results/${id}/patients/${patientId}/analysis-results/${resultId}`).then((r) => r.data),
  orders: () => backendClient.get<OrderSummaryDto[]>('orders').then((r) => r.data),
  order: (id: number) => backendClient.get<OrderDetailDto>(`orders/${id}`).then((r) => r.data),
  cancelOrder: (id: number) => backendClient.post<OrderDetailDto>(`orders/${id}/cancel`).then((r) => r.data),
  rescheduleOrder: (id: number, slotId: number) => backendClient.post<OrderDetailDto>(`orders/${id}/reschedule`, { slotId }).then((r) => r.data),
  nurseSlots: (laboratoryId: string, from: string, to: string) =>
    backendClient.get<NurseSlotDto[]>('nurse-slots', { params: { laboratoryId, from, to } }).then((r) => r.data),
  /** The PDF of one patient's results, as a Blob (the request carries the bearer token). */
  resultsPdf: (id: number, patientId: number) =>
    backendClient.get<Blob>(`test-results/${id}/patients/${patientId}/pdf`, { responseType: 'blob', headers: { Accept: 'application/pdf' } }).then((r) => r.data),
  shares: (id: number, patientId: number) => backendClient.get<ResultShareDto[]>(`test-results/${id}/patients/${patientId}/shares`).then((r) => r.data),
  createShare: (id: number, patientId: number, days: number) =>
    backendClient.post<ResultShareCreatedDto>(`test-results/${id}/patients/${patientId}/shares`, { days }).then((r) => r.data),
  revokeShare: (id: number, patientId: number, shareId: number) => backendClient.delete(`test-results/${id}/patients/${patientId}/shares/${shareId}`).then(() => undefined),
  /** One patient's results as a FHIR R4 Bundle (application/fhir+json), as a Blob. */
  resultsFhir: (id: number, patientId: number) =>
    backendClient.get<Blob>(`test-results/${id}/fhir`, { params: { patientId }, responseType: 'blob', headers: { Accept: 'application/fhir+json' } }).then((r) => r.data),
};
