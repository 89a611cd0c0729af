import { backendClient } from '@/lib/apiClient';
import type { CurrentUserDto, LaboratoryDto } from '@/lib/types/api';

/** Laboratory calls of the backend API (spec §7). */
export const labApi = {
  async list(): Promise<LaboratoryDto[]> {
    return (await backendClient.get<LaboratoryDto[]>('laboratories')).data;
  },
  async get(id: string): Promise<LaboratoryDto> {
    return (await backendClient.get<LaboratoryDto>(`laboratories/${encodeURIComponent(id)}`)).data;
  },
  /** Keeps the chosen laboratory on the user's account. */
  async saveForUser(userId: number, laboratoryId: string): Promise<CurrentUserDto> {
    return (await backendClient.put<CurrentUserDto>(`users/${userId}`, { laboratoryId })).data;
  },
};
