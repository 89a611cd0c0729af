import { backendClient } from '@/lib/apiClient';
import { ApiError } from '@/lib/apiError';
import type { PatientDto } from '@/shared/types/api';
import type { CreatePatientBody } from './patientMapping';

/** Patient calls of the backend API (spec §7). */
export const patientsApi = {
  /** The user's patients (empty for a visitor). */
  async list(): Promise<PatientDto[]> {
    return (await backendClient.get<PatientDto[]>('patient')).data;
  },
  /**
   * One of the user's patients. The spec's backend has no `GET patient/{id}`: the patient is found
   * in the full list (`GET patient`); one that is not there (another user's) is a 404.
   */
  async get(id: number): Promise<PatientDto> {
    const found = (await patientsApi.list()).find((p) => p.id === id);
    if (!found) throw new ApiError('Patient not found', 404);
    return found;
  },
  async create(body: CreatePatientBody, userAsPatient = false): Promise<PatientDto> {
    return (await backendClient.post<PatientDto>(`patient/?userAsPatient=${userAsPatient}`, body)).data;
  },
  async update(body: PatientDto): Promise<PatientDto> {
    return (await backendClient.put<PatientDto>(`patient/${body.id}`, body)).data;
  },
  /** Invites the person of the record (16 or older, with an e-mail) to let the account read their results (household consent). */
  async invite(id: number): Promise<{ expiresAt: string }> {
    return (await backendClient.post<{ expiresAt: string }>(`patient/${id}/invite`)).data;
  },
  /** Record transfer at 18: invites the now-adult to take the record, history included, to their own account. */
  async transferInvite(id: number): Promise<{ expiresAt: string }> {
    return (await backendClient.post<{ expiresAt: string }>(`patient/${id}/transfer-invite`)).data;
  },
};
