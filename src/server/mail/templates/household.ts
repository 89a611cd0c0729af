import type { TFunction } from 'i18next';

/** Household consent mails: the invite to a family member, and the guardian's notices around the 18th birthday. */

interface InviteData {
  holderName: string;
  link: string;
  /** The last day the link works (YYYY-MM-DD). */
  until: string;
}

export function patientInviteMail(d: InviteData, t: TFunction): { subject: string; text: string } {
  const text = [t('householdInvite.greeting'), '', t('householdInvite.intro', { holder: d.holderName }), '', t('householdInvite.choice'), d.link, '', t('householdInvite.until', { date: d.until }), '', t('householdInvite.ignore'), '', t('signature')].join('\n');
  return { subject: t('householdInvite.subject', { holder: d.holderName }), text };
}

interface AgeOutData {
  name: string;
  patientName: string;
  /** The 18th birthday (YYYY-MM-DD). */
  date: string;
  patientsLink: string;
}

export function ageOutSoonMail(d: AgeOutData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('householdAgeOut.soon', { patient: d.patientName, date: d.date }), '', t('householdAgeOut.invite'), d.patientsLink, '', t('signature')].join('\n');
  return { subject: t('householdAgeOut.soonSubject', { patient: d.patientName }), text };
}

export function ageOutEndedMail(d: AgeOutData, t: TFunction): { subject: string; text: string } {
  const text = [t('greeting', { name: d.name }), '', t('householdAgeOut.ended', { patient: d.patientName, date: d.date }), '', t('householdAgeOut.invite'), d.patientsLink, '', t('signature')].join('\n');
  return { subject: t('householdAgeOut.endedSubject', { patient: d.patientName }), text };
}
