import type { TFunction } from 'i18next';

/** The invite to take one's record, with its history, from a guardian's account to one's own (record transfer at 18). */
export function recordTransferMail(d: { holderName: string; link: string; until: string }, t: TFunction): { subject: string; text: string } {
  const text = [t('recordTransfer.greeting'), '', t('recordTransfer.intro', { holder: d.holderName }), '', t('recordTransfer.choice'), d.link, '', t('recordTransfer.until', { date: d.until }), '', t('signature')].join('\n');
  return { subject: t('recordTransfer.subject', { holder: d.holderName }), text };
}
