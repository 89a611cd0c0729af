import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';

interface PaymentView {
  status: string;
  amount: number;
  refundedAmount: number;
  pendingRefundAmount: number;
  attempts?: { id: number; status: string; amount: number; paidAt: string | null }[];
  overpaidRefund?: { amount: number; status: 'pending' | 'done' | 'failed' };
}

const cents = (n: number) => Math.round(n * 100);

/**
 * Paying twice (F1): one order, two browser tabs, each opens its own test payment with "Pay now" and
 * both are paid. The order counts the payment once and the second is refunded at once, by the
 * server's overpaid refund; the order page says "You paid twice; … was returned" and the money adds
 * up: what was paid less what went back is the order's total.
 */
export default journey('two tabs pay the same order: paid once, the second payment refunded, the money adds up', { timeoutMs: 180000 }, async (ctx) => {
  const { page, context } = ctx;
  const stamp = `${ctx.viewport}-${Date.now()}`;

  const setup = await ctx.step('a patient has an order awaiting its online payment', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const lab = labs.find((l) => l.country === 'PL') ?? labs[0];
    assert.ok(lab, 'the demo data has a Polish laboratory');
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
    const glucose = analyses.find((a) => a.code === 'GB004');
    assert.ok(glucose, 'the demo catalogue has glucose');
    const email = `twice-${stamp}@example.test`;
    const token = await registerConfirmed(ctx, email, 'Jan', 'Nowak');
    const patient = await createPatient(ctx, token);
    const slots = await freeSlots(ctx, lab.id);
    const slot = (slots.find((s) => Date.parse(s.start) > Date.now() + 3 * 86_400_000) ?? slots.at(-1)) as NurseSlotDto;
    const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], slot);
    const order = await ctx.api('GET', `/api/backend/orders/${orderId}`, undefined, token);
    assert.equal(order.body.payment?.status, 'awaiting', `the order awaits its payment: ${JSON.stringify(order.body.payment)}`);
    await ctx.prepare({ acceptCookies: true, laboratoryId: lab.id, token });
    return { orderId, token };
  });

  const second = await context.newPage();
  await ctx.step('each tab opens its own test payment with "Pay now"', async () => {
    for (const tab of [page, second]) {
      await tab.goto(`/orders/${setup.orderId}`);
      await tab.getByRole('button', { name: 'Pay now' }).click();
      await tab.waitForURL(/\/payments\/test\/[^/]+$/);
      await tab.getByRole('heading', { name: 'Test payment — no money moves' }).waitFor();
    }
    assert.notEqual(page.url(), second.url(), 'two payment attempts');
    await ctx.shot('first tab: test payment');
    await ctx.shot('second tab: test payment', second);
  });

  await ctx.step('the second tab pays: the order is paid', async () => {
    await second.getByRole('button', { name: 'Pay', exact: true }).click();
    await second.waitForURL(/\/order\/order-submitted\?orderId=\d+/);
    await second.getByText('Paid. Thank you!').waitFor({ timeout: 20000 });
  });

  await ctx.step('the first tab pays too: the payment is taken by the operator and refunded at once', async () => {
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/order\/order-submitted\?orderId=\d+/);
    const deadline = Date.now() + 30_000;
    let payment: PaymentView;
    for (;;) {
      payment = (await ctx.api('GET', `/api/backend/orders/${setup.orderId}`, undefined, setup.token)).body.payment as PaymentView;
      if (payment.overpaidRefund?.status === 'done') break;
      assert.ok(Date.now() < deadline, `the second payment refunded within 30 s: ${JSON.stringify(payment)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const paid = (payment.attempts ?? []).filter((a) => a.status === 'paid');
    assert.equal(paid.length, 2, `both attempts were paid: ${JSON.stringify(payment.attempts)}`);
    assert.equal(payment.status, 'paid', 'the order is paid once, not refunded');
    assert.equal(cents(payment.overpaidRefund?.amount ?? 0), cents(payment.amount), 'the whole second payment goes back');
    assert.equal(payment.pendingRefundAmount, 0);
    // The money adds up: paid (both attempts) less what went back (only the second payment) is the order's total.
    const paidCents = paid.reduce((n, a) => n + cents(a.amount), 0);
    assert.equal(cents(payment.refundedAmount), cents(payment.overpaidRefund?.amount ?? 0), 'what was refunded is the second payment, nothing of what the order owes');
    assert.equal(paidCents - cents(payment.refundedAmount), cents(payment.amount), 'paid less refunded is the order total');
  });

  await ctx.step('the order page says paid once and that the second payment was returned', async () => {
    await page.goto(`/orders/${setup.orderId}`);
    const block = page.getByRole('region', { name: 'Payment' });
    const notice = block.getByTestId('overpaid-refund');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /^You paid twice; .*\d+\.\d{2}.* was returned\.$/);
    // Paid, once: the status says "Paid" (not "Refunded" nor "Partially refunded").
    assert.equal(await block.getByTestId('order-payment-status').textContent(), 'Paid');
    assert.equal(await page.getByRole('button', { name: 'Pay now' }).count(), 0, 'nothing left to pay');
    await ctx.shot('order page: paid once, second payment returned');
  });
  await second.close();
});
