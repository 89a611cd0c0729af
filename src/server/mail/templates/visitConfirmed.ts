import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/** Sent when staff confirm the nurse visit of an order (the patient chose e-mail as a contact). */
export interface VisitConfirmedData {
  name: string;
  number: string;
  /** The visit window, already formatted in the laboratory's time zone. */
  when: string;
  /** Street and city. */
  where: string;
  orderLink: string;
}

export function visitConfirmedMail(d: VisitConfirmedData, t: TFunction): { subject: string; text: string; html: string } {
  const bold = `<b>${escapeHtml(d.number)}</b>`;
  return {
    subject: t('visit.subject', { number: d.number }),
    text: [t('greeting', { name: d.name }), t('visit.body', { number: d.number, when: d.when, where: d.where }), t('visit.follow', { link: d.orderLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('greeting', { name: d.name }))}</p><p>${t('visit.body', { number: bold, when: escapeHtml(d.when), where: escapeHtml(d.where) })}</p><p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(t('visit.followLink'))}</a></p>`,
  };
}
