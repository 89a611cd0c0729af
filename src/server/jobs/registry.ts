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
import type { JobDefinition } from './types';

/** Every job the shop runs, by name. A new kind of background work is listed here (and in specs.ts). */
export function jobDefinitions(): readonly JobDefinition[] {
  return [mailSendJob, visitReminderJob, purgeJob, paymentExpireJob, paymentAwaitingJob, paymentRefundJob, paymentRefundCheckJob, ksefSendJob, pushSendJob, ageOutJob, sensitiveReleaseJob] as unknown as readonly JobDefinition[];
}
