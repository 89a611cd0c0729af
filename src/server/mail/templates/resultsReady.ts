import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Sent once, when the last result of an order is final: "New results are ready in your account",
 * with no patient's name, analysis or value (whoever reads the mailbox learns nothing of health).
 */
export interface ResultsReadyData {
  /** The results page of the order (sign-in first). */
  resultsLink: string;
}

export function resultsReadyMail(d: ResultsReadyData, t: TFunction): { subject: string; text: string; html: string } {
  return {
    subject: t('notice.resultsReady'),
    text: [t('notice.greeting'), t('notice.resultsReadyBody'), t('results.readHere', { link: d.resultsLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('notice.greeting'))}</p><p>${escapeHtml(t('notice.resultsReadyBody'))}</p><p><a href="${escapeHtml(d.resultsLink)}">${escapeHtml(t('results.readLink'))}</a></p>`,
  };
}
