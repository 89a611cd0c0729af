import assert from 'node:assert/strict';
import fs from 'node:fs';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import type { StaffOrderDetailDto } from '@/shared/types/results';

export default journey(
  'lab staff enter results of an order; the patient reads them at every level, sees the trend and downloads the PDF',
  { timeoutMs: 300000 },
  async (ctx) => {
    const { page } = ctx;
    const stamp = `${ctx.viewport}-${Date.now()}`;
    const patientEmail = `results-${stamp}@example.test`;
    const staffEmail = `staff-${stamp}@example.test`;

    const setup = await ctx.step('a patient orders glucose and TSH twice through the API', async () => {
      const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
      const lab = labs[ctx.viewport === 'desktop' ? 0 : 1] ?? labs[0];
      assert.ok(lab, 'the demo data has laboratories');
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      const glucose = analyses.find((a) => a.code === 'GB004');
      const tsh = analyses.find((a) => a.code === 'HR001');
      assert.ok(glucose && tsh, 'the demo catalogue has glucose (GB004) and TSH (HR001)');

      const token = await registerConfirmed(ctx, patientEmail, 'Łucja', 'Żółć');
      const patient = await createPatient(ctx, token);

      const slots = await freeSlots(ctx, lab.id);
      assert.ok(slots.length >= 2, 'two free nurse slots');
      const [first, second] = [slots[0] as NurseSlotDto, slots[slots.length > 8 ? 8 : 1] as NurseSlotDto];
      const earlier = await placeOrder(ctx, token, lab, patient.id, [glucose.id, tsh.id], first);
      const later = await placeOrder(ctx, token, lab, patient.id, [glucose.id, tsh.id], second);
      // A third order far enough ahead that the patient may still move or cancel its visit.
      const upcoming = await placeOrder(ctx, token, lab, patient.id, [tsh.id], slots[slots.length - 1] as NurseSlotDto);
      const staff = await signInNewStaff(ctx, staffEmail, lab.id);
      return { lab, glucose, tsh, token, patient, earlier, later, upcoming, visitDay: second.start.slice(0, 10), staffToken: staff };
    });

    await ctx.step('the earlier order gets its results from the laboratory system', async () => {
      const { staffToken, earlier, patient, glucose, tsh } = setup;
      for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
        const res = await ctx.api('POST', `/api/backend/staff/orders/${earlier}/status`, { status }, staffToken);
        assert.equal(res.status, 200, `${status}: ${JSON.stringify(res.body)}`);
      }
      const order = (await ctx.api('GET', `/api/backend/staff/orders/${earlier}`, undefined, staffToken)).body as StaffOrderDetailDto;
      const res = await ctx.api(
        'POST',
        '/api/backend/staff/results/import',
        {
          orderNumber: order.number,
          results: [
            { patientId: patient.id, analysisCode: glucose.code, value: 5.2 },
            { patientId: patient.id, analysisCode: tsh.code, value: 1.9 },
          ],
        },
        staffToken,
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.status, 'completed');
      // A patient is no staff member: the console's API refuses them.
      assert.equal((await ctx.api('GET', `/api/backend/staff/orders/${earlier}`, undefined, setup.token)).status, 403);
    });

    await ctx.step('the staff member opens the day in the console', async () => {
      await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.staffToken });
      await page.goto(`/staff?date=${setup.visitDay}`);
      const list = page.getByRole('list', { name: /^Visits on/ });
      await list.waitFor();
      await ctx.shot('staff-day');
      // Other journeys book the same patient name at this laboratory: the card is picked by its order.
      const card = list.getByRole('listitem').filter({ has: page.locator(`a[href="/staff/orders/${setup.later}"]`) });
      await card.getByText('Wąsowska').first().waitFor();
      await card.getByText('Order placed').first().waitFor();
      await card.getByRole('link').click();
      await page.waitForURL(new RegExp(`/staff/orders/${setup.later}$`));
      await page.getByRole('button', { name: 'Confirm the visit' }).waitFor();
    });

    await ctx.step('advances the status and enters the results with a high glucose', async () => {
      for (const name of ['Confirm the visit', 'Sample collected', 'Received in the lab']) {
        await page.getByRole('button', { name }).click();
        await page.getByText(/^Status changed to/).waitFor();
      }
      const glucoseRow = page.getByTestId(`result-row-${setup.glucose.code}`);
      await glucoseRow.getByLabel(/^Value of/).fill('7,4');
      // The range comes from the analysis defaults and the flag preview follows the value.
      assert.equal(await glucoseRow.getByLabel('Lower limit').inputValue(), '3.9');
      await glucoseRow.getByText('High', { exact: true }).waitFor();
      await page.getByTestId(`result-row-${setup.tsh.code}`).getByLabel(/^Value of/).fill('2.1');
      // Every label of a text field holding a value sits above it, not over it (checkbox labels aside).
      const labels = await page.locator('[data-testid^="result-row-"] label[data-shrink]').evaluateAll((els) =>
        els.map((l) => ({ text: l.textContent, shrink: l.getAttribute('data-shrink'), filled: (l.parentElement?.querySelector('input, textarea') as HTMLInputElement | null)?.value !== '' })),
      );
      for (const l of labels.filter((x) => x.filled)) assert.equal(l.shrink, 'true', `label "${l.text}" over its value`);
      await ctx.shot('staff-results-entered');
      await page.getByRole('button', { name: /^Save results of/ }).click();
      await page.getByText('Results saved', { exact: false }).waitFor();
      await page.getByText('Results ready').first().waitFor();
      await ctx.shot('staff-results-saved');
      // "New results are ready in your account", once per order (an earlier order of this patient had its own).
      const ready = { to: patientEmail, subject: /^New results are ready in your account$/, timeoutMs: 30000 };
      let mail = await ctx.mail.waitFor(ready);
      while (!mail.links.some((l) => l.includes(`/test-results/${setup.later}/patients`))) mail = await ctx.mail.waitFor(ready);
      // No analysis, value or name in the mail.
      for (const word of ['Glucose', 'TSH', '7,4', '7.4', 'Wąsowska']) assert.ok(!mail.text.includes(word), `the mail holds "${word}"`);
    });

    await ctx.step('the patient sees the result sets newest first', async () => {
      await ctx.prepare({ token: setup.token });
      await page.goto('/test-results');
      const list = page.getByRole('list', { name: 'Test results' });
      await list.waitFor();
      const items = list.getByRole('listitem');
      assert.equal(await items.count(), 2);
      assert.match((await items.first().textContent()) ?? '', /Results ready/);
      assert.match((await items.first().textContent()) ?? '', /1 outside the range/);
      await ctx.shot('patient-result-sets');
      await items.first().getByRole('link').click();
      await page.waitForURL(new RegExp(`/test-results/${setup.later}/patients$`));
    });

    await ctx.step('opens the patient and sees the high value flagged', async () => {
      await page.getByRole('list', { name: 'Patients' }).waitFor();
      await ctx.shot('patient-level-patients');
      await page.getByRole('link', { name: /Ирина Wąsowska/ }).click();
      await page.waitForURL(new RegExp(`/test-results/${setup.later}/patients/${setup.patient.id}$`));
      const rows = page.getByRole('list', { name: 'Analysis results' }).getByRole('listitem');
      await rows.first().waitFor();
      const high = page.locator('li[data-flag="high"]');
      assert.equal(await high.count(), 1);
      assert.match((await high.textContent()) ?? '', /Glucose/);
      assert.match((await high.textContent()) ?? '', /7\.4 mmol\/L/);
      assert.match((await high.textContent()) ?? '', /High/);
      await ctx.shot('patient-results');
    });

    await ctx.step('downloads the PDF', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
      assert.match(download.suggestedFilename(), /\.pdf$/);
      const file = await download.path();
      assert.ok(file);
      const bytes = fs.readFileSync(file);
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      assert.ok(bytes.length > 2000);
    });

    await ctx.step('opens the glucose result and sees the trend over two orders', async () => {
      await page.locator('li[data-flag="high"]').getByRole('link').click();
      await page.waitForURL(/\/analysis-results\/\d+$/);
      await page.getByTestId('result-value').waitFor();
      assert.match((await page.getByTestId('result-value').textContent()) ?? '', /7\.4/);
      const chart = page.getByRole('img', { name: /This analysis over your orders/ });
      await chart.waitFor();
      assert.equal(await chart.getByTestId('trend-point').count(), 2);
      await ctx.shot('analysis-result-trend');
    });

    await ctx.step('the back button climbs to the parent level', async () => {
      await page.getByTestId('back-button').click();
      await page.waitForURL(new RegExp(`/test-results/${setup.later}/patients/${setup.patient.id}$`));
    });

    await ctx.step('the patient follows the orders, moves the upcoming visit and cancels it', async () => {
      await page.goto('/orders');
      const list = page.getByRole('list', { name: 'My orders' });
      await list.waitFor();
      assert.equal(await list.getByRole('listitem').count(), 3);
      await ctx.shot('orders');
      await page.goto(`/orders/${setup.upcoming}`);
      await page.getByRole('button', { name: 'Move the visit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose another visit time' });
      const time = dialog.getByRole('button', { name: /\d–\d/ }).first();
      await time.click();
      assert.equal(await time.getAttribute('aria-pressed'), 'true');
      await ctx.shot('reschedule');
      await dialog.getByRole('button', { name: 'Move the visit' }).click();
      await page.getByText('The visit is moved.').waitFor();
      await page.getByText('Visit moved').first().waitFor();
      await page.getByRole('button', { name: 'Cancel the order' }).click();
      await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel the order' }).click();
      await page.getByText('The order is cancelled.').waitFor();
      await ctx.shot('order-cancelled');
      const order = await ctx.api('GET', `/api/backend/orders/${setup.upcoming}`, undefined, setup.token);
      assert.equal(order.body.status, 'cancelled');
      // The finished order shows its whole timeline and leads to the results.
      await page.goto(`/orders/${setup.later}`);
      await page.getByRole('link', { name: 'See the results' }).waitFor();
      await ctx.shot('order-timeline');
    });

    await ctx.step('another user gets "nothing here" for these results', async () => {
      const other = await ctx.registerUser();
      assert.equal((await ctx.api('GET', `/api/backend/test-results/${setup.later}`, undefined, other.token)).status, 404);
      await ctx.prepare({ token: other.token });
      await page.goto(`/test-results/${setup.later}/patients/${setup.patient.id}`);
      await page.getByText('Nothing here').waitFor();
      await page.goto('/staff');
      await page.getByText('This page is for laboratory staff').waitFor();
      await ctx.shot('not-for-others');
    });
    // The only failed requests are the expected 404 (another user's results) and 403 (not staff).
    ctx.expectNoConsoleErrors([/Failed to load resource: the server responded with a status of 40[34]/]);
  },
);
