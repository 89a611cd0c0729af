import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import type { AnalysisDto, LaboratoryDto } from '@/shared/types/api';

/**
 * Registering inside add-to-cart after one refused attempt (a leaked password): the patient step
 * must appear at once, not stay a skeleton.
 */
export default journey(
  'a visitor registers inside add-to-cart after a refused attempt and gets to choose the patients',
  { timeoutMs: 150000 },
  async (ctx) => {
    const { page } = ctx;
    const email = `add-after-register-${ctx.viewport}-${Date.now()}@example.test`;
    const { lab, analysis } = await ctx.step('pick a laboratory and an analysis', async () => {
      const lab = ((await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[])[0] as LaboratoryDto;
      const analysis = ((await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[]).find((a) => a.code === 'GB004') as AnalysisDto;
      assert.ok(analysis);
      return { lab, analysis };
    });
    await ctx.prepare({ acceptCookies: true, laboratoryId: lab.id });

    await ctx.step('a registration with a leaked password is refused', async () => {
      await page.goto(`/add-to-cart/analysis/${analysis.id}`);
      await page.getByRole('button', { name: 'Register to continue' }).click();
      await page.waitForURL(/addableFlowPage=register/);
      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel(/^Password/).fill('1qaz2wsx3edc');
      await form.getByLabel('First name').fill('Maria');
      await form.getByLabel('Last name').fill('Retry');
      await form.getByRole('checkbox', { name: /I accept the terms of service and the privacy policy/ }).check();
      ctx.allowConsole(/status of 400/);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/backend/register') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Create account' }).click();
      assert.equal((await answer).status(), 400, 'the server refuses the leaked password');
      // The spec's title stays; the line under it says what is wrong with the password.
      const alert = page.getByRole('alert').filter({ hasText: 'Duplicating fields found' });
      await alert.waitFor();
      assert.match((await alert.textContent()) ?? '', /leaked passwords/);
      assert.doesNotMatch((await alert.textContent()) ?? '', /Such user exists/);
      await ctx.shot('refused');
    });

    await ctx.step('a good password registers, and "Who are the tests for?" appears within 15 s', async () => {
      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel(/^Password/).fill('Secret-pass-123-retry');
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/addableFlowPage=addPatients/);
      await page.getByRole('heading', { name: 'Who are the tests for?' }).waitFor({ timeout: 15000 });
      await page.getByRole('form', { name: 'New patient' }).waitFor({ timeout: 15000 });
      await ctx.shot('patients-step');
    });
  },
);
