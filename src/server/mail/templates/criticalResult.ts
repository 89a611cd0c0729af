import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Sent when results beyond critical limits arrive: names the analyses (not the values) and says to
 * contact a doctor promptly.
 */
export interface CriticalResultData {
  name: string;
  number: string;
  /** The analyses' names, joined. */
  analyses: string;
  resultsLink: string;
}

export function criticalResultMail(d: CriticalResultData, t: TFunction): { subject: string; text: string; html: string } {
  const body = t('critical.body', { number: d.number, analyses: d.analyses });
  return {
    subject: t('critical.subject', { number: d.number }),
    text: [t('greeting', { name: d.name }), body, t('critical.doctor'), t('results.readHere', { link: d.resultsLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('greeting', { name: d.name }))}</p><p style="color:#b71c1c"><b>${escapeHtml(body)}</b></p><p><b>${escapeHtml(t('critical.doctor'))}</b></p><p><a href="${escapeHtml(d.resultsLink)}">${escapeHtml(t('results.readLink'))}</a></p>`,
  };
}
