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
}

export function onTheWayMail(d: OnTheWayData, t: TFunction): { subject: string; text: string; html: string } {
  const line = t('notice.onTheWay', { window: d.window });
  return {
    subject: t('notice.onTheWaySubject'),
    text: [t('notice.greeting'), line, t('notice.ready'), t('notice.orderHere', { link: d.orderLink }), t('signature')].join('\n\n'),
    html: `<p>${escapeHtml(t('notice.greeting'))}</p><p><b>${escapeHtml(line)}</b></p><p>${escapeHtml(t('notice.ready'))}</p><p><a href="${escapeHtml(d.orderLink)}">${escapeHtml(t('notice.orderLink'))}</a></p>`,
  };
}
