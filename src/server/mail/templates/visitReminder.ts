import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';
import { preparationLines, type Preparation } from './common';

/** The reminder mailed before the nurse visit (docs/backend.md, "Visit reminder"). */
export interface VisitReminderData {
  name: string;
  number: string;
  /** The visit window, already formatted in the laboratory's time zone. */
  when: string;
  /** The address line, without the intercom code. */
  where: string;
  preparation: Preparation;
  /** The money lines and how the order is paid (`orderMoneyLines`). */
  money: string[];
  /** Optional materials the patients chose to bring themselves. */
  bring: { name: string; patient: string }[];
  orderLink: string;
}

export function visitReminderMail(d: VisitReminderData, t: TFunction): { subject: string; text: string; html: string } {
  const ready = [t('reminder.idDocument'), ...d.bring.map((b) => t('reminder.bring', { name: b.name, patient: b.patient }))];
  const prep = preparationLines(d.preparation, t);
  const text = [
    t('greeting', { name: d.name }),
    '',
    t('reminder.intro', { number: d.number }),
    `  ${t('reminder.when', { when: d.when })}`,
    `  ${t('reminder.where', { where: d.where })}`,
    '',
    ...d.money,
    '',
    t('reminder.prepare'),
    ...prep.map((l) => `  ${l}`),
    '',
    t('reminder.ready'),
    ...ready.map((l) => `  - ${l}`),
    '',
    t('reminder.change', { link: d.orderLink }),
    '',
    t('signature'),
  ].join('\n');
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const html = [
    `<p>${escapeHtml(t('greeting', { name: d.name }))}</p>`,
    `<p>${escapeHtml(t('reminder.intro', { number: d.number }))}</p>`,
    list([t('reminder.when', { when: d.when }), t('reminder.where', { where: d.where })]),
    list(d.money),
    `<p>${escapeHtml(t('reminder.prepare'))}</p>`,
    list(prep),
    `<p>${escapeHtml(t('reminder.ready'))}</p>`,
    list(ready),
    `<p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(t('reminder.orderLink'))}</a></p>`,
  ].join('');
  return { subject: t('reminder.subject', { number: d.number, when: d.when }), text, html };
}
