import { mailSendJob } from '../mail/sender';
import { visitReminderJob } from '@/server/orders/visitReminder';
import { purgeJob } from './purge';
import { paymentExpireJob } from '../payments/hold';
import { paymentAwaitingJob } from '../payments/awaiting';
import { paymentRefundCheckJob, paymentRefundJob } from '../payments/refunds';
import { ksefSendJob } from '../invoices/ksef';
import { pushSendJob } from '../notifications/pushSend';
import { ageOutJob } from '@/server/accounts/householdAgeOut';
import { sensitiveReleaseJob } from '@/server/results/sensitiveResults';
import { liveEventsPruneJob } from '@/server/orders/liveEventsRetention';
import { checkInInviteJob, checkInMorningJob } from '@/server/orders/checkInInvite';
import { runnable } from './defineJob';
import type { JobDefinition } from './types';

/**
 * Every job the shop runs. A new kind of background work is one `defineJob` in its domain and one
 * entry here (with its retry options in specs.ts). The list is typed entry by entry, without a cast.
 */
const JOBS: readonly JobDefinition[] = [
  runnable(mailSendJob),
  runnable(visitReminderJob),
  runnable(purgeJob),
  runnable(paymentExpireJob),
  runnable(paymentAwaitingJob),
  runnable(paymentRefundJob),
  runnable(paymentRefundCheckJob),
  runnable(ksefSendJob),
  runnable(pushSendJob),
  runnable(ageOutJob),
  runnable(sensitiveReleaseJob),
  runnable(liveEventsPruneJob),
  runnable(checkInMorningJob),
  runnable(checkInInviteJob),
];

export function jobDefinitions(): readonly JobDefinition[] {
  return JOBS;
}
