import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * The morning check-in of a home visit (docs/backend.md, "Morning check-in"): sent on the visit's
 * morning for an order whose tests ask fasting or a cycle day. Names no patient, analysis or need.
 */
export interface CheckInInviteData {
  /** The visit's window, e.g. "8:00–10:00", in the laboratory's time zone. */
  when: string;
  /** `/orders/{id}/check-in` (sign-in first). */
  checkInLink: string;
}

export function checkInInviteMail(d: CheckInInviteData, t: TFunction): { subject: string; text: string; html: string } {
  const body = t('checkIn.body', { when: d.when });
  return {
    subject: t('checkIn.subject'),
    text: [t('checkIn.greeting'), body, t('checkIn.link', { link: d.checkInLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('checkIn.greeting'))}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(d.checkInLink)}">${escapeHtml(t('checkIn.linkText'))}</a></p><p>${escapeHtml(t('signature'))}</p>`,
  };
}
