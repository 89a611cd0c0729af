import type { TFunction } from 'i18next';

/** A visitor's message to the laboratory (the service sends it with the visitor as reply-to). */
export interface SupportMessageData {
  name: string;
  email: string;
  /** The sender's account, when signed in. */
  userId: number | null;
  laboratory: { cityName: string; address: string };
  message: string;
}

export function supportMessageMail(d: SupportMessageData, t: TFunction): { subject: string; text: string } {
  const text = [
    t('support.from', { name: d.name, email: d.email }),
    d.userId ? t('support.account', { id: d.userId }) : t('support.anonymous'),
    t('support.laboratory', { city: d.laboratory.cityName, address: d.laboratory.address }),
    '',
    d.message,
  ].join('\n');
  return { subject: t('support.subject', { name: d.name.replace(/[\r\n]+/g, ' ') }), text };
}
