import type { Db } from '@/server/db/createDb';
import { ADULT_AGE, birthdayAt } from '@/shared/household';
import { queueMail, mailMessageId } from '@/server/mail/queueMail';
import { buildAppUrl } from '@/server/mail/mailer';
import { mailTranslator } from '@/server/mail/i18n';
import { ageOutEndedMail, ageOutSoonMail } from '@/server/mail/templates/household';
import { JOB } from '@/server/jobs/specs';
import { defineJob } from '@/server/jobs/defineJob';
import { object } from 'yup';
import * as repo from '@/server/accounts/repositories/household';
import { logAccessEvent } from './accessLog';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * The daily job of household consent: a child kept in an account turns 18, and the guardian's
 * access to their results ends (the access itself follows the date of birth, household.ts; this job
 * tells the guardian). A month before the birthday and on the day (or the first run after it, up to
 * `CATCH_UP_DAYS` late) the guardian is mailed once each, and the end goes into the access log.
 */

const DAY = 86_400_000;
const NOTICE_DAYS = 30;
const CATCH_UP_DAYS = 30;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const shiftYears = (day: string, years: number) => birthdayAt(day, years);

export interface AgeOutReport {
  soon: number;
  ended: number;
}

export async function runAgeOut(db: Db, now = new Date()): Promise<AgeOutReport> {
  const today = dayOf(now);
  const from = shiftYears(dayOf(new Date(now.getTime() - (CATCH_UP_DAYS + 1) * DAY)), -ADULT_AGE);
  const to = shiftYears(dayOf(new Date(now.getTime() + (NOTICE_DAYS + 1) * DAY)), -ADULT_AGE);
  const report: AgeOutReport = { soon: 0, ended: 0 };
  for (const r of await repo.recordsBornBetween(db, from, to)) {
    const birthday = birthdayAt(r.date_of_birth, ADULT_AGE);
    if (r.created_at.slice(0, 10) >= birthday) continue; // never a child in this account
    const days = Math.round((Date.parse(birthday) - Date.parse(today)) / DAY);
    if (days > 0 && days <= NOTICE_DAYS) {
      if (await notify(db, r.id, 'month_before', birthday, now)) report.soon += 1;
    } else if (days <= 0 && days >= -CATCH_UP_DAYS) {
      if (await notify(db, r.id, 'ended', birthday, now)) report.ended += 1;
    }
  }
  return report;
}

/** One notice of one record, at most once (the claim and the mail commit together). */
async function notify(db: Db, patientId: number, kind: 'month_before' | 'ended', birthday: string, now: Date): Promise<boolean> {
  const record = await repo.findRecordWithHolder(db, patientId);
  if (!record) return false;
  // A patient who agreed already (from 16) keeps the account's access: nothing ends.
  const consent = await repo.findConsent(db, patientId);
  if (consent) return false;
  return inWriteTransaction(db, async (trx) => {
    if (!(await repo.claimNotice(trx, patientId, kind, now.toISOString()))) return false;
    const t = mailTranslator(record.holder_locale);
    const data = { name: record.holder_first_name, patientName: `${record.first_name} ${record.last_name}`.trim(), date: birthday, patientsLink: buildAppUrl('/patients') };
    const mail = kind === 'month_before' ? ageOutSoonMail(data, t) : ageOutEndedMail(data, t);
    await queueMail(trx, { kind: kind === 'month_before' ? 'ageOutSoon' : 'ageOutEnded', to: record.holder_email, messageId: mailMessageId(`age-out-${kind}-${patientId}`), ...mail });
    if (kind === 'ended') await logAccessEvent(trx, 'access_ended', { patientId, holderId: record.user_id, memberId: null, actorId: null }, now);
    return true;
  });
}

/** The daily job (`record-access-age-out`), run through the job queue with the queue's clock. */
export const ageOutJob = defineJob({
  name: JOB.recordAccessAgeOut,
  payload: object({}),
  everyMs: DAY,
  async handler(_payload, { db, now }) {
    await runAgeOut(db, now);
  },
});
