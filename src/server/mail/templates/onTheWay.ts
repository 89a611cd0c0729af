import type { TFunction } from 'i18next';
import { escapeHtml } from '../i18n';

/**
 * Sent when the nurse sets off: the arrival window and the order's page. Like every notification it
 * names no patient, analysis or value ("Your nurse is on the way, arriving 8:10-8:40").
 */
export interface OnTheWayData {
  /** The arrival window, e.g. "8:10–8:40", in the laboratory's time zone. */
  window: string;
  orderLink: string;
  /** The nurse's first name ("Anna"); without one the mail says "your nurse". */
  nurseFirstName?: string | null;
}

/** "Your nurse Anna is on the way, arriving 8:10–8:40" (the mail's line and the push's text). */
export function onTheWayLine(window: string, nurseFirstName: string | null | undefined, t: TFunction): string {
  return nurseFirstName ? t('notice.onTheWayNamed', { window, name: nurseFirstName }) : t('notice.onTheWay', { window });
}

export function onTheWayMail(d: OnTheWayData, t: TFunction): { subject: string; text: string; html: string } {
  const line = onTheWayLine(d.window, d.nurseFirstName, t);
  return {
    subject: t('notice.onTheWaySubject'),
    text: [t('notice.greeting'), line, t('notice.ready'), t('notice.orderHere', { link: d.orderLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('notice.greeting'))}</p><p><b>${escapeHtml(line)}</b></p><p>${escapeHtml(t('notice.ready'))}</p><p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(t('notice.orderLink'))}</a></p>`,
  };
}
