import type { TFunction } from 'i18next';

/**
 * Sent to the owner after the visit was moved or the order cancelled; the service attaches the
 * updated calendar event (METHOD:REQUEST or METHOD:CANCEL).
 */
export interface VisitChangeData {
  change: 'moved' | 'cancelled';
  name: string;
  number: string;
  /** The (new) visit window, already formatted in the laboratory's time zone. */
  when: string;
  orderLink: string;
}

export function visitChangeMail(d: VisitChangeData, t: TFunction): { subject: string; text: string } {
  return {
    subject: t(`visitChange.${d.change}Subject`, { number: d.number }),
    text: [t('greeting', { name: d.name }), t(`visitChange.${d.change}Body`, { number: d.number, when: d.when }), t('visit.follow', { link: d.orderLink }), t('signature')].join('\n\n'),
  };
}
