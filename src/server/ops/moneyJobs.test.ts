import { setUpShopSuite } from '../testing/shopSuite';
import { createUser } from '../testing/orderFixtures';
import { enqueue } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { paymentRefundCheckJob, paymentRefundJob } from '../payments/refunds';
import { PAYMENT_EXPIRE } from '../payments/payments';
import { ksefSendJob } from '../invoices/ksef';
import { VISIT_REMINDER } from '../orders/visitReminderSchedule';
import type { BackgroundJobDto } from '@/shared/types/backgroundWork';

/**
 * Money jobs on the staff background page (docs/payments.md, "Money jobs"): refunds, their lookups,
 * hold expiry and KSeF sending are shown as not discardable and a discard is refused with 409
 * `money_job_not_discardable` (nothing changes); other jobs can still be discarded.
 */
const shop = setUpShopSuite();

test('a refund, a refund lookup, a hold expiry and a KSeF send cannot be discarded (409 with a code), only retried; a reminder still can', async () => {
  const staff = await createUser(shop.db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  const runAt = new Date(Date.now() + 3600_000);
  const money = [JOB.paymentRefund, JOB.paymentRefundCheck, JOB.paymentExpire, JOB.ksefSend];
  const opts = (name: string) => ({ key: `money-test:${name}`, runAt, laboratoryId: 'fx-waw' });
  await enqueue(shop.db.db, paymentRefundJob, { refundId: 999999 }, opts(JOB.paymentRefund));
  await enqueue(shop.db.db, paymentRefundCheckJob, { refundId: 999999 }, opts(JOB.paymentRefundCheck));
  await enqueue(shop.db.db, PAYMENT_EXPIRE, { orderId: 999999 }, opts(JOB.paymentExpire));
  await enqueue(shop.db.db, ksefSendJob, { invoiceId: 999999 }, opts(JOB.ksefSend));
  await enqueue(shop.db.db, VISIT_REMINDER, { orderId: 999999, visitStart: runAt.toISOString() }, opts(JOB.visitReminder));
  const list = await shop.api.call('GET', '/api/backend/staff/background', { token: staff.token });
  expect(list.status).toBe(200);
  const jobs = list.body.jobs as BackgroundJobDto[];
  for (const name of money) {
    const job = jobs.find((j) => j.name === name)!;
    expect(job).toMatchObject({ discardable: false });
    const res = await shop.api.call('POST', `/api/backend/staff/background/jobs/${job.id}/discard`, { token: staff.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('money_job_not_discardable');
  }
  const after = (await shop.api.call('GET', '/api/backend/staff/background', { token: staff.token })).body.jobs as BackgroundJobDto[];
  expect(money.every((name) => after.some((j) => j.name === name && j.state === 'pending'))).toBe(true);
  const reminder = jobs.find((j) => j.name === JOB.visitReminder)!;
  expect(reminder.discardable).toBe(true);
  expect((await shop.api.call('POST', `/api/backend/staff/background/jobs/${reminder.id}/discard`, { token: staff.token })).status).toBe(200);
  const audit = await shop.db.db.selectFrom('audit_events').select('detail').where('action', '=', 'background_work').execute();
  expect(audit.map((a) => a.detail)).toEqual([expect.stringContaining('discard job visit-reminder')]);
});
