import type { TFunction } from 'i18next';

/** Tells the user their password was changed, with the way back if it was not them. */
interface PasswordChangedData {
  name: string;
  /** When it changed (UTC, `YYYY-MM-DD HH:mm`). */
  when: string;
  loginLink: string;
}

export function passwordChangedMail(d: PasswordChangedData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('passwordChanged.intro', { when: d.when }), '', t('passwordChanged.notYou', { link: d.loginLink })].join('\n');
  return { subject: t('passwordChanged.subject'), text };
}
