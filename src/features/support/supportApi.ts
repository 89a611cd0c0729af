import { shopClient } from '@/lib/apiClient';
import type { SupportContactInput, SupportContactResponse } from '@/lib/validation/support';

/** The support contact form (shop API). */
export const supportApi = {
  async contact(body: SupportContactInput): Promise<SupportContactResponse> {
    return (await shopClient.post<SupportContactResponse>('support/contact', body)).data;
  },
};
