import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Sent once per order when the laboratory rejects a sample: the patient books a free second visit.
 * Names no patient, analysis or reason (whoever reads the mailbox learns nothing of health).
 */
export interface SampleRejectedData {
  /** The order page, where the redraw is booked (sign-in first). */
  orderLink: string;
}

export function sampleRejectedMail(d: SampleRejectedData, t: TFunction): { subject: string; text: string; html: string } {
  return {
    subject: t('notice.sampleRejectedSubject'),
    text: [t('notice.greeting'), t('notice.sampleRejectedBody'), t('notice.sampleRejectedLink', { link: d.orderLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('notice.greeting'))}</p><p>${escapeHtml(t('notice.sampleRejectedBody'))}</p><p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(t('notice.sampleRejectedLinkText'))}</a></p>`,
  };
}
