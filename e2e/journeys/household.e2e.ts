import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import { LAB_COOKIE, STORAGE_KEYS } from '@/shared/storage';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import type { StaffOrderDetailDto } from '@/shared/types/results';

/**
 * Household consent (docs/privacy.md, "Family members"): a father keeps a record of his adult
 * daughter and orders for her, but reads her results only once she agrees, in her own browser and
 * account; when she withdraws, he no longer reads them.
 */
export default journey(
  'a father invites his adult daughter to share her results; she accepts in her own browser and he reads them; she withdraws and he no longer does',
  { timeoutMs: 300000 },
  async (ctx) => {
    const { page } = ctx;
    const stamp = `${ctx.viewport}-${Date.now()}`;
    const fatherEmail = `father-${stamp}@example.test`;
    const daughterEmail = `daughter-${stamp}@example.test`;

    const setup = await ctx.step("the father keeps his adult daughter's record, orders glucose for her, and the laboratory enters the result", async () => {
      const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
      const lab = labs[0];
      assert.ok(lab, 'the demo data has laboratories');
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      const glucose = analyses.find((a) => a.code === 'GB004');
      assert.ok(glucose, 'the demo catalogue has glucose (GB004)');
      const token = await registerConfirmed(ctx, fatherEmail, 'Marek', 'Kowalczyk');
      const daughter = await createPatient(ctx, token, { firstName: 'Zofia', lastName: 'Kowalczyk', gender: 'female', dateOfBirth: '1998-03-14', email: daughterEmail });
      const slots = await freeSlots(ctx, lab.id);
      const orderId = await placeOrder(ctx, token, lab, daughter.id, [glucose.id], slots[0] as NurseSlotDto);
      const staffToken = await signInNewStaff(ctx, `household-staff-${stamp}@example.test`, lab.id);
      for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
        const res = await ctx.api('POST', `/api/backend/staff/orders/${orderId}/status`, { status }, staffToken);
        assert.equal(res.status, 200, `${status}: ${JSON.stringify(res.body)}`);
      }
      const order = (await ctx.api('GET', `/api/backend/staff/orders/${orderId}`, undefined, staffToken)).body as StaffOrderDetailDto;
      const imported = await ctx.api('POST', '/api/backend/staff/results/import', { orderNumber: order.number, results: [{ patientId: daughter.id, analysisCode: glucose.code, value: 5.2 }] }, staffToken);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      return { lab, token, daughter, orderId, resultsPath: `/test-results/${orderId}/patients/${daughter.id}` };
    });

    await ctx.step('before she agrees, her results are not shared with him: the page says why, the API answers 403 consent_required', async () => {
      await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token });
      await page.goto(setup.resultsPath);
      await page.getByText('These results are not shared with you').waitFor();
      assert.equal(await page.getByText('5.2').count(), 0, 'no value of hers on his page');
      const api = await ctx.api('GET', `/api/backend/test-results/${setup.orderId}/patients/${setup.daughter.id}`, undefined, setup.token);
      assert.equal(api.status, 403);
      assert.equal(api.body.code, 'consent_required');
      await ctx.shot('father-not-shared');
    });

    // She has her own account already (its confirmation mail comes before the invite).
    const daughterToken = await registerConfirmed(ctx, daughterEmail, 'Zofia', 'Kowalczyk');

    await ctx.step('he invites her from the patients page', async () => {
      await page.goto('/patients');
      await page.getByRole('button', { name: 'Invite to share results: Zofia Kowalczyk' }).click();
      await page.getByText(`Invite sent to ${daughterEmail}.`).waitFor();
      await ctx.shot('father-invited');
    });

    const browser = ctx.context.browser();
    assert.ok(browser, 'the journey runs in a browser');
    const hers = await browser.newContext({ baseURL: ctx.baseUrl, viewport: page.viewportSize(), locale: 'en-GB' });
    try {
      await hers.addCookies([
        { name: 'acceptCookie', value: 'true', url: ctx.baseUrl },
        { name: LAB_COOKIE, value: setup.lab.id, url: ctx.baseUrl },
      ]);
      // Her browser as the journeys' own after `prepare`: signed in, cookies accepted, the laboratory chosen.
      await hers.addInitScript((storage) => {
        for (const [k, v] of Object.entries(storage)) window.localStorage.setItem(k, v);
      }, { [STORAGE_KEYS.token]: daughterToken, [STORAGE_KEYS.activeLaboratoryId]: setup.lab.id });
      const herPage = await hers.newPage();

      await ctx.step("she opens the invite in her own browser, signed in to her own account, and allows access", async () => {
        const mail = await ctx.mail.waitFor({ to: daughterEmail, subject: /result/i, timeoutMs: 30000 });
        const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === '/patient-invite' && u.searchParams.get('token'));
        assert.ok(link, `the invite mail links to /patient-invite with a token: ${mail.links.join(' ')}`);
        assert.ok(!mail.text.includes('5.2') && !/glucose/i.test(mail.text), 'the invite names no result');
        await herPage.goto(`${link.pathname}${link.search}`);
        await ctx.shot('daughter-invite', herPage);
        await herPage.getByRole('button', { name: 'Allow access' }).click();
        await herPage.getByText('Done: they can read your results now.').waitFor();
        await ctx.a11y('the invite answered', herPage);
        await ctx.shot('daughter-allowed', herPage);
      });

      await ctx.step('now he reads her result', async () => {
        await page.goto(setup.resultsPath);
        await page.getByText('5.2').first().waitFor();
        assert.equal(await page.getByText('These results are not shared with you').count(), 0);
        await ctx.shot('father-reads');
      });

      await ctx.step("she sees him under 'Who can read my results' and withdraws", async () => {
        await herPage.goto('/settings');
        const withdraw = herPage.getByRole('button', { name: "Withdraw Marek Kowalczyk's access to your results" });
        await withdraw.click();
        await withdraw.waitFor({ state: 'detached' });
        await ctx.a11y('access withdrawn', herPage);
        await ctx.shot('daughter-withdrew', herPage);
      });
    } finally {
      await hers.close();
    }

    await ctx.step('after the withdrawal her results are closed to him again', async () => {
      await page.goto(setup.resultsPath);
      await page.getByText('These results are not shared with you').waitFor();
      assert.equal(await page.getByText('5.2').count(), 0);
      const api = await ctx.api('GET', `/api/backend/test-results/${setup.orderId}/patients/${setup.daughter.id}`, undefined, setup.token);
      assert.equal(api.status, 403);
    });
  },
);
