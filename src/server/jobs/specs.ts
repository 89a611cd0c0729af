/**
 * Retry and timing options of every job, by name (no handlers here, so enqueueing code never loads
 * the handlers). A name missing here gets `DEFAULT_SPEC`.
 */
export interface JobSpec {
  /** Retries after the first failure before the job is dead-lettered. */
  retryLimit: number;
  /** Delay before the first retry in seconds, doubled for each further one. */
  retryDelaySeconds: number;
  /** Longest a run may take before another worker takes it over, seconds. */
  timeoutSeconds: number;
}

export const DEFAULT_SPEC: JobSpec = { retryLimit: 8, retryDelaySeconds: 5, timeoutSeconds: 300 };

/** Names of the jobs the shop runs. */
export const JOB = {
  mailSend: 'mail-send',
  visitReminder: 'visit-reminder',
  purge: 'purge',
  paymentExpire: 'payment-expire',
  paymentAwaiting: 'payment-awaiting',
  paymentRefund: 'payment-refund',
  paymentRefundCheck: 'payment-refund-check',
  ksefSend: 'ksef-send',
  pushSend: 'push-send',
  recordAccessAgeOut: 'record-access-age-out',
  sensitiveRelease: 'sensitive-release',
  liveEventsPrune: 'order-live-events-prune',
  checkInMorning: 'check-in-morning',
  checkInInvite: 'check-in-invite',
} as const;

export const JOB_SPECS: Record<string, Partial<JobSpec>> = {
  // The sender schedules its own retries (capped by MAIL_RETRY_MAX_MINUTES, src/server/mail/outbox/sender.ts);
  // the queue's retries only cover a worker that died or a database error around the send.
  [JOB.mailSend]: { retryLimit: 20, retryDelaySeconds: 2, timeoutSeconds: 60 },
  [JOB.visitReminder]: { retryLimit: 8, retryDelaySeconds: 30, timeoutSeconds: 60 },
  [JOB.purge]: { retryLimit: 3, retryDelaySeconds: 60, timeoutSeconds: 900 },
  [JOB.paymentExpire]: { retryLimit: 8, retryDelaySeconds: 30 },
  [JOB.paymentAwaiting]: { retryLimit: 8, retryDelaySeconds: 30, timeoutSeconds: 60 },
  // A refund is retried until the operator takes it (about a day of doubling delays, then staff see it failed).
  [JOB.paymentRefund]: { retryLimit: 14, retryDelaySeconds: 10, timeoutSeconds: 120 },
  // A refund the operator took but never notified is looked up again: 10 min, 20 min, ... (about a week in all).
  [JOB.paymentRefundCheck]: { retryLimit: 10, retryDelaySeconds: 600, timeoutSeconds: 60 },
  [JOB.ksefSend]: { retryLimit: 10, retryDelaySeconds: 60, timeoutSeconds: 120 },
  // A push is worth a few tries over about half an hour; later it is stale.
  [JOB.pushSend]: { retryLimit: 5, retryDelaySeconds: 60, timeoutSeconds: 60 },
};

export function specOf(name: string): JobSpec {
  return { ...DEFAULT_SPEC, ...JOB_SPECS[name] };
}

/** Delay before retry number `retry` (1-based): the first delay doubled each time, at most `capSeconds`. */
export function backoffSeconds(spec: Pick<JobSpec, 'retryDelaySeconds'>, retry: number, capSeconds = Infinity): number {
  return Math.min(spec.retryDelaySeconds * 2 ** Math.max(0, retry - 1), capSeconds);
}
