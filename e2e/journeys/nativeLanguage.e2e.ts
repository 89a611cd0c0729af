import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import { DEMO_ANALYSES } from '../../src/server/db/demo/catalogue';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import type { StaffOrderDetailDto } from '@/shared/types/results';

/** English catalogue names that must not appear on a Russian or Polish page (proper names aside). */
const ENGLISH_NAMES = DEMO_ANALYSES.map((a) => a.name).filter((n) => /^[A-Za-z ()-]+$/.test(n) && n.length > 6 && !/^[A-Z0-9 -]+$/.test(n));

const NATIVE = {
  ru: { search: 'глюкоза', glucose: 'Глюкоза (натощак)', searchLabel: /Название или код/i },
  pl: { search: 'glukoza', glucose: 'Glukoza (na czczo)', searchLabel: /Nazwa lub kod/i },
} as const;

/**
 * A patient reads the shop in Russian and in Polish on a phone: home, search with a native word, an
 * analysis, the cart, the order, a critical result and the laboratory chooser, each in their language;
 * no page carries the catalogue's English names.
 */
export default journey(
  'a patient reads the shop in Russian and Polish: native search, the cart, the order and a critical result carry no English names',
  { viewports: ['phone'], timeoutMs: 300000 },
  async (ctx) => {
    const { page } = ctx;
    const stamp = `${ctx.viewport}-${Date.now()}`;
    const setup = await ctx.step('an order with a critical potassium result', async () => {
      const lab = ((await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[]).find((l) => l.id === 'warsaw-mokotow') as LaboratoryDto;
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      const glucose = analyses.find((a) => a.code === 'GB004') as AnalysisDto;
      const potassium = analyses.find((a) => a.code === 'GB022') as AnalysisDto;
      const token = await registerConfirmed(ctx, `native-${stamp}@example.test`, 'Olga', 'Nowak');
      const patient = await createPatient(ctx, token);
      const slot = (await freeSlots(ctx, lab.id))[1] as NurseSlotDto;
      const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id, potassium.id], slot);
      const staff = await signInNewStaff(ctx, `native-staff-${stamp}@example.test`, lab.id);
      for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
        assert.equal((await ctx.api('POST', `/api/backend/staff/orders/${orderId}/status`, { status }, staff)).status, 200);
      }
      const order = (await ctx.api('GET', `/api/backend/staff/orders/${orderId}`, undefined, staff)).body as StaffOrderDetailDto;
      const res = await ctx.api(
        'POST',
        '/api/backend/staff/results/import',
        { orderNumber: order.number, results: [{ patientId: patient.id, analysisCode: 'GB004', value: 5.1 }, { patientId: patient.id, analysisCode: 'GB022', value: 7.4 }] },
        staff,
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      // Something in the cart for the cart page.
      await ctx.api('POST', `/api/cart/add-to-cart?laboratoryId=${lab.id}`, { analysisId: glucose.id, patientIds: [patient.id] }, token);
      return { lab, glucose, token, patient, orderId };
    });

    const noEnglishNames = async (where: string) => {
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      const found = ENGLISH_NAMES.filter((n) => text.includes(n));
      assert.deepEqual(found, [], `${where}: English catalogue names on a translated page`);
    };

    for (const lng of ['ru', 'pl'] as const) {
      const words = NATIVE[lng];
      await ctx.step(`${lng}: home, search with a native word, an analysis`, async () => {
        await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token, language: lng });
        await page.goto('/');
        await page.locator('main').waitFor();
        await ctx.shot(`${lng}-home`);
        await page.goto('/search');
        const box = page.getByRole('searchbox').first();
        await box.fill(words.search);
        await page.getByRole('link', { name: new RegExp(words.glucose.replace(/[()]/g, '.')) }).first().waitFor();
        await ctx.shot(`${lng}-search`);
        await noEnglishNames(`${lng} search`);
        await page.goto(`/search/analysis/${setup.glucose.id}`);
        await page.getByRole('heading', { name: words.glucose }).first().waitFor();
        await ctx.shot(`${lng}-analysis`);
      });
      await ctx.step(`${lng}: the cart and the order`, async () => {
        await page.goto('/order/cart');
        await page.getByText(words.glucose).first().waitFor();
        await ctx.shot(`${lng}-cart`);
        // The stepper's steps keep equal widths with long words, so its lines stay between the circles.
        const widths = await page.locator('ol li.step').evaluateAll((items) => items.map((i) => i.getBoundingClientRect().width));
        assert.equal(widths.length, 5);
        assert.ok(Math.max(...widths) - Math.min(...widths) < 1, `${lng} stepper steps of equal width: ${widths.join(', ')}`);
        await noEnglishNames(`${lng} cart`);
        await page.goto(`/orders/${setup.orderId}`);
        await page.getByTestId('money-breakdown').waitFor();
        await ctx.shot(`${lng}-order`);
      });
      await ctx.step(`${lng}: the critical result names the analysis in ${lng}`, async () => {
        await page.goto(`/test-results/${setup.orderId}/patients/${setup.patient.id}`);
        const banner = page.getByTestId('critical-banner');
        await banner.waitFor();
        await ctx.shot(`${lng}-critical`);
        assert.doesNotMatch((await banner.textContent()) ?? '', /Potassium/);
        await noEnglishNames(`${lng} critical result`);
      });
      await ctx.step(`${lng}: the laboratory chooser`, async () => {
        await page.goto('/');
        await page.getByRole('button', { name: /^ON/ }).click();
        await page.getByText(lng === 'ru' ? 'Выбрать лабораторию' : 'Wybierz laboratorium', { exact: true }).click();
        await page.locator('.lab-dialog').waitFor();
        await page.waitForTimeout(400);
        await ctx.shot(`${lng}-lab-chooser`);
      });
    }
  },
);
