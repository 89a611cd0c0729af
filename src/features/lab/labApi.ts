import { backendClient } from '@/lib/apiClient';
import type { CurrentUserDto, LaboratoryDto } from '@/shared/types/api';
import { withLabDefaults } from '@/shared/laboratory';

/** Laboratory calls of the backend API (spec §7). */
export const labApi = {
  /** The spec's defaults ("No city", "No address", 0 coordinates) are applied here too. */
  async list(): Promise<LaboratoryDto[]> {
    return (await backendClient.get<LaboratoryDto[]>('laboratories')).data.map(withLabDefaults);
  },
  async get(id: string): Promise<LaboratoryDto> {
    return withLabDefaults((await backendClient.get<LaboratoryDto>(`laboratories/${encodeURIComponent(id)}`)).data);
  },
  /** Keeps the chosen laboratory on the user's account. */
  async saveForUser(userId: number, laboratoryId: string): Promise<CurrentUserDto> {
    return (await backendClient.put<CurrentUserDto>(`users/${userId}`, { laboratoryId })).data;
  },
};
