import { backendClient } from '@/lib/apiClient';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';

const lab = (laboratoryId: string | null | undefined) => (laboratoryId ? { laboratoryId } : {});

/** Catalogue calls of the backend API (spec §7). Prices are those of the given laboratory. */
export const catalogueApi = {
  async analyses(laboratoryId: string): Promise<AnalysisDto[]> {
    return (await backendClient.get<AnalysisDto[]>('labService', { params: { laboratoryId } })).data;
  },
  /** Search by name or code; `signal` cancels a request made stale by newer typing. */
  async search(term: string, laboratoryId: string | null, signal?: AbortSignal): Promise<AnalysisDto[]> {
    return (await backendClient.get<AnalysisDto[]>('labService/search', { params: { searchNameTerm: term, ...lab(laboratoryId) }, signal })).data;
  },
  async analysis(id: number, laboratoryId: string | null): Promise<AnalysisDto> {
    return (await backendClient.get<AnalysisDto>(`labService/${id}`, { params: lab(laboratoryId) })).data;
  },
  async profiles(laboratoryId: string): Promise<ProfileDto[]> {
    return (await backendClient.get<ProfileDto[]>('profiles', { params: { laboratoryId } })).data;
  },
  async profile(id: number, laboratoryId: string | null): Promise<ProfileDto> {
    return (await backendClient.get<ProfileDto>(`profiles/${id}`, { params: lab(laboratoryId) })).data;
  },
};
