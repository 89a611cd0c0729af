import type { TFunction } from 'i18next';

/** Sent instead of a new account when someone registers an address that already has one. */
interface RegistrationAttemptData {
  name: string;
  /** When (UTC, `YYYY-MM-DD HH:mm`). */
  when: string;
  loginLink: string;
}

export function registrationAttemptMail(d: RegistrationAttemptData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('registrationAttempt.intro', { when: d.when }), '', t('registrationAttempt.ifYou', { link: d.loginLink }), '', t('registrationAttempt.ifNotYou')].join('\n');
  return { subject: t('registrationAttempt.subject'), text };
}
