import type { TFunction } from 'i18next';

/** Sent at registration and on request: the link and, beside it, the 6-character code that confirm the e-mail address. */
interface ActivationData {
  name: string;
  link: string;
  code: string;
}

export function activationMail(d: ActivationData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('activation.intro'), d.link, '', t('activation.code', { code: d.code }), '', t('activation.ignore')].join('\n');
  return { subject: t('activation.subject'), text };
}
