import { backendClient } from '@/lib/apiClient';
import { writeStorage } from '@/lib/storage';
import type { CurrentUserDto } from '@/lib/types/api';
import type { Language } from '@/i18n';

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  laboratoryId?: string;
  locale?: string;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** Where the user asked for the confirmation letter: the link in the mail brings them back there. */
export type EmailConfirmationFlow = 'settings' | 'order';

/** Settings and e-mail confirmation calls of the backend API (spec §7). */
export const accountApi = {
  async updateProfile(id: number, body: ProfileUpdate): Promise<CurrentUserDto> {
    return (await backendClient.put<CurrentUserDto>(`users/${id}`, body)).data;
  },
  /** Keeps the interface language on the account, so later mails are written in it. */
  async saveLocale(id: number, locale: Language): Promise<void> {
    await backendClient.put(`users/${id}`, { locale });
  },
  /** Answers the HTTP status: the change counts only when it is exactly 200 (spec §5). */
  async changePassword(body: PasswordChange): Promise<number> {
    return (await backendClient.put('users/password', body)).status;
  },
  /**
   * The spec's call has an empty body; the flow the link returns to stays in this browser and is
   * read by the confirmation page.
   */
  async sendActivationEmail(flow: EmailConfirmationFlow): Promise<void> {
    writeStorage('emailConfirmationFlow', flow);
    await backendClient.post('users/send-activation-email');
  },
  async activate(token: string): Promise<void> {
    await backendClient.post('users/activate', { token });
  },
};
