import { shopClient } from '@/lib/apiClient';
import type { SupportContactInput, SupportContactResponse } from '@/shared/validation/support';

/** The support contact form (shop API). */
export const supportApi = {
  async contact(body: SupportContactInput): Promise<SupportContactResponse> {
    return (await shopClient.post<SupportContactResponse>('support/contact', body)).data;
  },
};

/** A barrier reported on the accessibility statement (backend API: a ticket of the laboratory). */
export async function reportBarrier(body: SupportContactInput & { page?: string }): Promise<{ id: number; dueAt: string }> {
  const { backendClient } = await import('@/lib/apiClient');
  return (await backendClient.post<{ id: number; dueAt: string }>('accessibility/barriers', body)).data;
}
