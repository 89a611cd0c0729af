import type { TFunction } from 'i18next';

/** Sent at registration and on request: the link (and the code) that confirms the e-mail address. */
interface ActivationData {
  name: string;
  link: string;
  token: string;
}

export function activationMail(d: ActivationData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('activation.intro'), d.link, '', t('activation.code', { token: d.token }), '', t('activation.ignore')].join('\n');
  return { subject: t('activation.subject'), text };
}
