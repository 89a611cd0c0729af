import type { TFunction } from 'i18next';

/** Sent on a reset request for a known address: the single-use link that sets a new password. */
interface PasswordResetData {
  name: string;
  link: string;
}

export function passwordResetMail(d: PasswordResetData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('reset.intro'), d.link, '', t('reset.note')].join('\n');
  return { subject: t('reset.subject'), text };
}
