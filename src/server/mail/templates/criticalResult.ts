import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Sent when a result beyond critical limits arrives: a new result needs prompt attention, read it in
 * the account and contact a doctor. It names no patient, analysis or value.
 */
export interface CriticalResultData {
  resultsLink: string;
}

export function criticalResultMail(d: CriticalResultData, t: TFunction): { subject: string; text: string; html: string } {
  const body = t('notice.criticalBody');
  return {
    subject: t('notice.critical'),
    text: [t('notice.greeting'), body, t('critical.doctor'), t('results.readHere', { link: d.resultsLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('notice.greeting'))}</p><p style="color:#b71c1c"><b>${escapeHtml(body)}</b></p><p><b>${escapeHtml(t('critical.doctor'))}</b></p><p><a href="${escapeHtml(d.resultsLink)}">${escapeHtml(t('results.readLink'))}</a></p>`,
  };
}
