import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';

/**
 * Online payment with the built-in test provider: a declined payment is retried and paid; the paid
 * order, cancelled by the patient more than 24 hours ahead, is refunded in full, and the order page
 * says so. (The hold's expiry is a server test: the journeys' server keeps the 30-minute hold.)
 */
export default journey('the patient declines a test payment, tries again and pays, then cancels and sees the refund', { timeoutMs: 180000 }, async (ctx) => {
  const { page } = ctx;
  const stamp = `${ctx.viewport}-${Date.now()}`;

  const setup = await ctx.step('a patient has an order awaiting its online payment', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const lab = labs.find((l) => l.country === 'PL') ?? labs[0];
    assert.ok(lab, 'the demo data has a Polish laboratory');
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
    const glucose = analyses.find((a) => a.code === 'GB004');
    assert.ok(glucose, 'the demo catalogue has glucose');
    const email = `payer-${stamp}@example.test`;
    const token = await registerConfirmed(ctx, email, 'Ewa', 'Kowalska');
    const patient = await createPatient(ctx, token);
    // A visit days ahead, so the patient may still cancel it with a full refund.
    const slots = await freeSlots(ctx, lab.id);
    const slot = (slots.find((s) => Date.parse(s.start) > Date.now() + 3 * 86_400_000) ?? slots.at(-1)) as NurseSlotDto;
    const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], slot);
    const order = await ctx.api('GET', `/api/backend/orders/${orderId}`, undefined, token);
    assert.equal(order.body.payment?.status, 'awaiting', `the order awaits its payment: ${JSON.stringify(order.body.payment)}`);
    return { lab, orderId, token, email };
  });

  await ctx.step('the test provider page says it is a test; "Decline" leads back to "failed, try again"', async () => {
    await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token });
    const attempt = await ctx.api('POST', `/api/backend/orders/${setup.orderId}/pay`, {}, setup.token);
    assert.equal(attempt.status, 200, `a new attempt: ${JSON.stringify(attempt.body)}`);
    await page.goto(attempt.body.redirectUrl as string);
    await page.getByRole('heading', { name: 'Test payment — no money moves' }).waitFor();
    await ctx.shot('test payment page');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/order\/order-submitted\?orderId=\d+/);
    await page.getByText('The payment failed, try again.').waitFor({ timeout: 20000 });
    await ctx.shot('payment failed');
  });

  await ctx.step('"Pay now" opens a new test payment; "Pay" pays and the page says so', async () => {
    // The deadline reads as a time, or as a date and time when it falls on another day (an order late in the evening).
    await page.getByText(/^Pay by .*\d{2}:\d{2}, or the visit is released\.$/).waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/payments\/test\/[^/]+$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/order\/order-submitted\?orderId=\d+/);
    await page.getByText('Paid. Thank you!').waitFor({ timeout: 20000 });
    await ctx.shot('paid');
    const paidMail = await ctx.mail.waitFor({ to: setup.email, subject: /paid|payment/i, timeoutMs: 30000 });
    assert.ok(paidMail.subject);
  });

  await ctx.step('the patient cancels the paid order and the order page shows the whole amount refunded', async () => {
    await page.goto(`/orders/${setup.orderId}`);
    await page.getByText(/If you cancel now, you get back/).waitFor();
    await page.getByRole('button', { name: 'Cancel the order' }).click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel the order' }).click();
    await page.getByText('The order is cancelled.').waitFor();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const order = await ctx.api('GET', `/api/backend/orders/${setup.orderId}`, undefined, setup.token);
      if (order.body.payment?.status === 'refunded') {
        assert.equal(order.body.payment.refundedAmount, order.body.payment.amount);
        break;
      }
      assert.ok(Date.now() < deadline, `refunded within 30 s: ${JSON.stringify(order.body.payment)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.reload();
    await page.getByRole('region', { name: 'Payment' }).getByText('Refunded').first().waitFor();
    await ctx.shot('refunded');
  });
});
