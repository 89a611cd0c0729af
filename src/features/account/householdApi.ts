import { backendClient } from '@/lib/apiClient';
import type { RecordAccessDto } from '@/shared/types/api';

/** Household consent calls: answering an invite, and the accounts that read one's record. */
export const householdApi = {
  async answerInvite(token: string, answer: 'accept' | 'refuse'): Promise<{ access: 'consented' | 'refused' | 'self' }> {
    return (await backendClient.post<{ access: 'consented' | 'refused' | 'self' }>(`patient-invites/${answer}`, { token })).data;
  },
  async recordAccess(): Promise<RecordAccessDto[]> {
    return (await backendClient.get<RecordAccessDto[]>('users/current/record-access')).data;
  },
  async withdraw(id: number): Promise<void> {
    await backendClient.delete(`users/current/record-access/${id}`);
  },
};
