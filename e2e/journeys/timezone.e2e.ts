import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';

/** 24-hour wall clock of an instant in a zone, e.g. "08:00". */
const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

export default journey(
  'a daughter in New York orders for her mother in Warsaw: every page shows the visit in Warsaw time and names the zone',
  { timezoneId: 'America/New_York', timeoutMs: 240000 },
  async (ctx) => {
    const { page } = ctx;
    const stamp = `${ctx.viewport}-${Date.now()}`;

    const setup = await ctx.step('an order for a Warsaw laboratory is placed through the API', async () => {
      const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
      const lab = labs.find((l) => l.country === 'PL' && /Warsz|Warsaw/i.test(l.cityName)) ?? labs.find((l) => l.country === 'PL');
      assert.ok(lab, 'a Polish demo laboratory');
      assert.equal(lab.timeZone, 'Europe/Warsaw');
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      const glucose = analyses.find((a) => a.code === 'GB004');
      assert.ok(glucose);
      const token = await registerConfirmed(ctx, `tz-${stamp}@example.test`, 'Olga', 'Nowak');
      const patient = await createPatient(ctx, token);
      // A morning visit: glucose asks for fasting, so a later one would be swapped for another by placeOrder.
      const slot = (await freeSlots(ctx, lab.id)).find((s) => clock(s.start, 'Europe/Warsaw') >= '07:00' && clock(s.start, 'Europe/Warsaw') < '10:00') as NurseSlotDto;
      const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], slot);
      const window = `${clock(slot.start, 'Europe/Warsaw')}–${clock(slot.end, 'Europe/Warsaw')}`;
      const wrong = `${clock(slot.start, 'America/New_York')}–${clock(slot.end, 'America/New_York')}`;
      assert.notEqual(window, wrong);
      return { lab, token, orderId, window, wrong, slot, glucose, patient };
    });

    const expectWarsawTime = async (where: string) => {
      const body = page.locator('main');
      await body.getByText(setup.window, { exact: false }).first().waitFor();
      assert.equal(await body.getByText(setup.wrong).count(), 0, `${where}: no New York times`);
    };

    await ctx.step('the order-submitted page shows the visit window in Warsaw time and names the zone', async () => {
      await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token });
      await page.goto(`/order/order-submitted?orderId=${setup.orderId}`);
      await expectWarsawTime('order submitted');
      // The zone is named once for the page, under the title, as on the order page.
      await page.locator('main').getByText(/^Times in Warsaw time$/).waitFor();
    });

    await ctx.step('the order page and the orders list too', async () => {
      await page.goto(`/orders/${setup.orderId}`);
      await expectWarsawTime('order page');
      // The zone is named once for the page ("Times in Warsaw time" under the title), not after each time.
      await page.locator('main').getByText(/Times in Warsaw time/).first().waitFor();
      assert.doesNotMatch((await page.getByTestId('visit-window').textContent()) ?? '', /\(|New York|Eastern/);
      await page.goto('/orders');
      await expectWarsawTime('orders list');
    });

    await ctx.step('the visit-time step of a new checkout lists Warsaw times', async () => {
      const res = await ctx.api('POST', `/api/cart/add-to-cart?laboratoryId=${setup.lab.id}`, { analysisId: setup.glucose.id, patientIds: [setup.patient.id] }, setup.token);
      assert.equal(res.status, 200);
      await page.goto('/order/nurse-checkout-time');
      await page.getByTestId('lab-zone-note').waitFor();
      const first = page.getByRole('radio').filter({ hasText: '–' }).first();
      await first.waitFor();
      const text = (await first.textContent()) ?? '';
      // Nurse visits are in the laboratory's working hours, not in the small hours of New York.
      const hour = Number(/(\d{2}):\d{2}–/.exec(text)?.[1]);
      assert.ok(hour >= 6 && hour <= 20, `a Warsaw working hour, got ${text}`);
    });

    await ctx.step('the staff console shows the same window', async () => {
      const staff = await signInNewStaff(ctx, `tz-staff-${stamp}@example.test`, setup.lab.id);
      await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: staff });
      await page.goto(`/staff/orders/${setup.orderId}`);
      await expectWarsawTime('staff order');
    });
  },
);
