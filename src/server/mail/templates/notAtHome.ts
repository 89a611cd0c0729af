import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Sent when the nurse marks a visit "not at home": the nurse could not find the patient, the order
 * stays open, and how to arrange another visit (the laboratory's phone and e-mail, the order link).
 * The nurse's note is for the laboratory and is not quoted; no patient is named.
 */
export interface NotAtHomeData {
  number: string;
  /** The visit window, already formatted in the laboratory's time zone. */
  when: string;
  /** The address line, without the intercom code. */
  where: string;
  laboratory: { city: string; phone: string; email: string };
  orderLink: string;
}

export function notAtHomeMail(d: NotAtHomeData, t: TFunction): { subject: string; text: string; html: string } {
  const contacts = [d.laboratory.phone && t('notAtHome.phone', { phone: d.laboratory.phone }), d.laboratory.email && t('notAtHome.email', { email: d.laboratory.email })].filter(
    (l): l is string => Boolean(l),
  );
  const text = [
    t('notice.greeting'),
    '',
    t('notAtHome.body', { number: d.number, when: d.when, where: d.where }),
    t('notAtHome.open'),
    '',
    t('notAtHome.contact', { city: d.laboratory.city }),
    ...contacts.map((c) => `  ${c}`),
    '',
    t('notAtHome.link', { link: d.orderLink }),
    '',
    t('signature'),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t('notice.greeting'))}</p>`,
    `<p>${escapeHtml(t('notAtHome.body', { number: d.number, when: d.when, where: d.where }))}</p>`,
    `<p>${escapeHtml(t('notAtHome.open'))}</p>`,
    `<p>${escapeHtml(t('notAtHome.contact', { city: d.laboratory.city }))}</p>`,
    `<ul>${contacts.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(t('notAtHome.orderLink'))}</a></p>`,
  ].join('');
  return { subject: t('notAtHome.subject', { number: d.number }), text, html };
}
