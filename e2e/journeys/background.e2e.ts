import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import type { BackgroundWorkDto } from '@/shared/types/backgroundWork';

/**
 * The staff console's "Background work": an order confirmation the SMTP server refused for good (550)
 * is dead-lettered and shown with its last error; once the mailbox works, "Retry now" delivers it.
 * Then the console's "Sign-in security" (a refused sign-in) and "Barrier reports" (a reported
 * accessibility barrier, closed from the list).
 */
export default journey('staff see a dead-lettered mail in Background work and retry it once the mailbox works', { timeoutMs: 180000 }, async (ctx) => {
  const { page } = ctx;
  const stamp = `${ctx.viewport}-${Date.now()}`;
  const email = `bounce-${stamp}@example.test`;

  const setup = await ctx.step('a patient whose mailbox refuses mail orders a test; the confirmation is dead-lettered', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const lab = labs[0];
    assert.ok(lab, 'the demo data has laboratories');
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
    const glucose = analyses.find((a) => a.code === 'GB004');
    assert.ok(glucose, 'the demo catalogue has glucose');
    const token = await registerConfirmed(ctx, email, 'Ewa', 'Kowalska');
    const patient = await createPatient(ctx, token);
    const slot = (await freeSlots(ctx, lab.id))[0] as NurseSlotDto;
    ctx.mail.reject(email, true);
    const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], slot);
    const staffToken = await signInNewStaff(ctx, `staff-${stamp}@example.test`, lab.id);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const work = (await ctx.api('GET', '/api/backend/staff/background', undefined, staffToken)).body as BackgroundWorkDto;
      if (work.mails.some((m) => m.kind === 'orderConfirmation' && m.status === 'failed')) break;
      assert.ok(Date.now() < deadline, `the confirmation is dead-lettered within 30 s: ${JSON.stringify(work)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    return { lab, orderId, staffToken };
  });

  await ctx.step('the staff member opens Background work from the console and sees the failed mail without its address', async () => {
    await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.staffToken });
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Background work' }).click();
    await page.getByRole('heading', { name: 'Background work', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Order confirmation' });
    await row.getByText('Failed').waitFor();
    await row.getByText(/550/).waitFor();
    assert.equal(await page.getByText(email).count(), 0, 'the full address is not shown');
    await row.getByText(`b***@example.test`).waitFor();
    await ctx.shot('a dead-lettered mail');
  });

  await ctx.step('the mailbox works again; "Retry now" delivers the confirmation and its row leaves the list', async () => {
    ctx.mail.reject(email, false);
    await page.getByRole('button', { name: 'Retry now: Order confirmation' }).click();
    await page.getByRole('status').getByText('Done').waitFor();
    const mail = await ctx.mail.waitFor({ to: email, subject: /order|zamówienie|заказ/i, timeoutMs: 20_000 });
    assert.ok(mail.subject);
    await page.reload();
    await page.getByRole('heading', { name: 'Background work', level: 1 }).waitFor();
    // Other work of the laboratory (the visit reminders of other journeys' orders) may still wait.
    await page.getByRole('row').filter({ hasText: 'Order confirmation' }).first().waitFor({ state: 'detached' });
    await ctx.shot('after the retry');
  });

  await ctx.step('a wrong password for the staff member shows in Sign-in security, filtered by outcome', async () => {
    const refused = await ctx.api('POST', '/api/backend/login', { username: `staff-${stamp}@example.test`, password: 'not-the-password-1' });
    assert.equal(refused.status, 401);
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Sign-in security' }).click();
    await page.getByRole('heading', { name: 'Sign-in security', level: 1 }).waitFor();
    await page.getByLabel('Show').selectOption('sign_in_failed');
    const row = page.getByRole('row').filter({ hasText: `staff-${stamp}@example.test` });
    await row.getByText('Wrong password').waitFor();
    await ctx.shot('sign-in security');
  });

  await ctx.step('a reported accessibility barrier is listed with its due date in Barrier reports and can be closed', async () => {
    const sent = await ctx.api('POST', '/api/backend/accessibility/barriers', { name: `Reporter ${stamp}`, email: `reporter-${stamp}@example.test`, message: 'The date picker cannot be used with a screen reader.', laboratoryId: setup.lab.id, page: '/order/checkout' });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Barrier reports' }).click();
    await page.getByRole('heading', { name: 'Accessibility barrier reports', level: 1 }).waitFor();
    const report = page.getByRole('article', { name: new RegExp(`Reporter ${stamp}`) });
    await report.getByText(/^Due /).waitFor();
    await ctx.shot('barrier reports');
    await report.getByRole('button', { name: `Mark answered and close: Reporter ${stamp}` }).click();
    await report.getByText('Closed').waitFor();
    assert.equal(await report.getByRole('button').count(), 0, 'a closed report has nothing to close');
  });
});
