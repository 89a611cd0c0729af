import { backendClient } from '@/lib/apiClient';
import type {
  AnalysisResultDetailDto,
  PatientResultsDto,
  ResultShareCreatedDto,
  ResultShareDto,
  TestResultDto,
  TestResultSummaryDto,
} from '@/shared/types/results';

/** Calls of the patient's test results (backend root). */
export const resultsApi = {
  testResults: () => backendClient.get<TestResultSummaryDto[]>('test-results').then((r) => r.data),
  testResult: (id: number) => backendClient.get<TestResultDto>(`test-results/${id}`).then((r) => r.data),
  patientResults: (id: number, patientId: number) =>
    backendClient.get<PatientResultsDto>(`test-results/${id}/patients/${patientId}`).then((r) => r.data),
  analysisResult: (id: number, patientId: number, resultId: number) =>
    backendClient.get<AnalysisResultDetailDto>(`test-results/${id}/patients/${patientId}/analysis-results/${resultId}`).then((r) => r.data),
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
