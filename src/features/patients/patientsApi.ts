import { backendClient } from '@/lib/apiClient';
import type { PatientDto } from '@/lib/types/api';
import type { CreatePatientBody } from './patientMapping';

/** Patient calls of the backend API (spec §7). */
export const patientsApi = {
  /** The user's patients (empty for a visitor). */
  async list(): Promise<PatientDto[]> {
    return (await backendClient.get<PatientDto[]>('patient')).data;
  },
  async get(id: number): Promise<PatientDto> {
    return (await backendClient.get<PatientDto>(`patient/${id}`)).data;
  },
  async create(body: CreatePatientBody, userAsPatient = false): Promise<PatientDto> {
    return (await backendClient.post<PatientDto>(`patient/?userAsPatient=${userAsPatient}`, body)).data;
  },
  async update(body: PatientDto): Promise<PatientDto> {
    return (await backendClient.put<PatientDto>(`patient/${body.id}`, body)).data;
  },
};
