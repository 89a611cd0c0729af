import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/** Sent when results of an order are ready: some of them (`partial`) or all. */
export interface ResultsReadyData {
  name: string;
  number: string;
  partial: boolean;
  /** The results page of the order. */
  resultsLink: string;
}

export function resultsReadyMail(d: ResultsReadyData, t: TFunction): { subject: string; text: string; html: string } {
  const body = d.partial ? 'results.partial' : 'results.complete';
  const bold = `<b>${escapeHtml(d.number)}</b>`;
  return {
    subject: t(d.partial ? 'results.subjectPartial' : 'results.subjectComplete', { number: d.number }),
    text: [t('greeting', { name: d.name }), t(body, { number: d.number }), t('results.readHere', { link: d.resultsLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('greeting', { name: d.name }))}</p><p>${t(body, { number: bold })}</p><p><a href="${escapeHtml(d.resultsLink)}">${escapeHtml(t('results.readLink'))}</a></p>`,
  };
}
