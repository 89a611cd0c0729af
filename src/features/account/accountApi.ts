import { backendClient } from '@/lib/apiClient';
import { writeStorage } from '@/shared/storage';
import { isActivationCode, normalizeActivationCode } from '@/shared/validation/activationCode';
import type { CurrentUserDto, SessionDto } from '@/shared/types/api';
import type { AccessRecordDto } from '@/shared/types/audit';
import type { NotificationSettingsDto, NotificationSettingsInput, PushSubscriptionInput } from '@/shared/types/notifications';
import type { Language } from '@/shared/i18n';

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
  /**
   * Confirms with what was typed or linked: the mail's 6-character code (for the signed-in user, or
   * the account of `email`) or the link's token.
   */
  async activate(tokenOrCode: string, email?: string): Promise<void> {
    const body = isActivationCode(tokenOrCode) ? { code: normalizeActivationCode(tokenOrCode), ...(email ? { email } : {}) } : { token: tokenOrCode };
    await backendClient.post('users/activate', body);
  },
  /** Who read or changed the account's health data (privacy section): a page of `limit` records, newest first, with ids below `before`. */
  async accessRecords(limit: number, before?: number): Promise<AccessRecordDto[]> {
    const query = new URLSearchParams({ limit: String(limit), ...(before !== undefined ? { before: String(before) } : {}) });
    return (await backendClient.get<AccessRecordDto[]>(`users/current/audit?${query.toString()}`)).data;
  },
  /** The account's data as a file: its contents and the name the server gives it. */
  async exportData(): Promise<{ blob: Blob; fileName: string | null }> {
    const res = await backendClient.get<Blob>('users/current/export', { responseType: 'blob' });
    return { blob: res.data, fileName: /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? null };
  },
  async deleteAccount(password: string): Promise<void> {
    await backendClient.delete('users/current', { data: { password } });
  },
  async sessions(): Promise<SessionDto[]> {
    return (await backendClient.get<SessionDto[]>('users/current/sessions')).data;
  },
  async endSession(id: number): Promise<void> {
    await backendClient.delete(`users/current/sessions/${id}`);
  },
  async endAllSessions(): Promise<void> {
    await backendClient.delete('users/current/sessions');
  },
  /** Which events the account hears of by e-mail and by push, the server's push key and the quiet hours. */
  async notificationSettings(): Promise<NotificationSettingsDto> {
    return (await backendClient.get<NotificationSettingsDto>('users/current/notifications')).data;
  },
  async saveNotificationSettings(body: NotificationSettingsInput): Promise<NotificationSettingsDto> {
    return (await backendClient.put<NotificationSettingsDto>('users/current/notifications', body)).data;
  },
  /** This browser's push subscription, for the server to send the account's notifications to. */
  async addPushSubscription(body: PushSubscriptionInput): Promise<void> {
    await backendClient.post('users/current/push-subscriptions', body);
  },
  async removePushSubscription(endpoint: string): Promise<void> {
    await backendClient.delete('users/current/push-subscriptions', { data: { endpoint } });
  },
};
