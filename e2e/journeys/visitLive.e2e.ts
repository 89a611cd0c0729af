import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { journey } from '../lib/journey';
import { addSlotStartingSoon, createPatient, makeJobsDueNow, MIDNIGHT_WAIT_MS, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import { LAB_COOKIE, STORAGE_KEYS } from '@/shared/storage';
import type { AnalysisDto, LaboratoryDto } from '@/shared/types/api';
import type { StaffOrderDetailDto } from '@/shared/types/results';
import { startFakePush } from '../../src/server/testing/fakePush';
import { quietUntil } from '../../src/server/notifications/quietHours';

const ZONES: Record<string, string> = { PL: 'Europe/Warsaw', BY: 'Europe/Minsk', LT: 'Europe/Vilnius' };

/** The order page was loaded once: one navigation entry and the marker set on its window still there. */
async function sameDocument(page: Page): Promise<void> {
  const { navigations, marker } = await page.evaluate(() => ({
    navigations: performance.getEntriesByType('navigation').length,
    marker: (window as unknown as { __visitMarker?: string }).__visitMarker ?? null,
  }));
  assert.equal(navigations, 1);
  assert.equal(marker, 'loaded once', 'the order page was reloaded');
}

/**
 * The visit, live, on two phones: the nurse taps through the visit on the day list while the
 * patient's order page, opened once and never reloaded, follows each step (Server-Sent Events). The
 * patient's phone has push on: a push service on this machine (the harness lets the app post to
 * 127.0.0.1) decrypts what the nurse's "On my way" sends, as the phone would show it.
 */
export default journey('the patient follows the home visit live while the nurse taps on my way, arrived and samples collected', { viewports: ['phone'], timeoutMs: 240000 + MIDNIGHT_WAIT_MS }, async (ctx) => {
  const patientPage = ctx.page;
  const stamp = `${ctx.viewport}-${Date.now()}`;
  const nurseEmail = `nurse-live-${stamp}@example.test`;
  let nursePage: Page | null = null;
  const push = await startFakePush();
  try {
    const setup = await ctx.step('a patient orders a blood test for a visit starting in a few minutes; the laboratory has a staff member and a nurse', async () => {
      const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
      const lab = labs[2] ?? labs[0];
      assert.ok(lab, 'the demo data has laboratories');
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      // An analysis without timing rules (glucose wants a morning visit): the visit starts in a few minutes, whatever the hour.
      const anyTime = (a: AnalysisDto) => !a.timing || Object.keys(a.timing).length === 0;
      const glucose = analyses.find((a) => a.code.startsWith('GB') && anyTime(a));
      assert.ok(glucose, 'the demo catalogue has a blood test without timing rules');
      const token = await registerConfirmed(ctx, `live-${stamp}@example.test`, 'Łucja', 'Żółć');
      const patient = await createPatient(ctx, token);
      const slot = await addSlotStartingSoon(lab.id);
      const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], slot);
      const staffToken = await signInNewStaff(ctx, `staff-live-${stamp}@example.test`, lab.id);
      const nurseToken = await signInNewStaff(ctx, nurseEmail, lab.id, 'nurse', 'Nina Kowalska');
      // The patient's phone turned push on (a headless browser has no push service of its own, so the
      // subscription a phone would make is posted as the page would post it).
      const device = push.subscribe();
      const subscribed = await ctx.api('POST', '/api/backend/users/current/push-subscriptions', device, token);
      assert.equal(subscribed.status, 201, `subscribe: ${JSON.stringify(subscribed.body)}`);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONES[lab.country ?? 'PL'] ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(slot.start));
      return { lab, token, orderId, staffToken, nurseToken, day, device, email: `live-${stamp}@example.test`, analysis: glucose };
    });

    async function nurseId(): Promise<{ id: number }> {
      const nurses = (await ctx.api('GET', '/api/backend/staff/nurses', undefined, setup.staffToken)).body as { id: number; email: string }[];
      const nurse = nurses.find((n) => n.email === nurseEmail);
      assert.ok(nurse, `the nurse is listed: ${JSON.stringify(nurses)}`);
      return nurse;
    }

    const timeline = patientPage.getByTestId('visit-timeline');
    const stateLine = patientPage.getByTestId('visit-state');

    await ctx.step("the patient opens the order page once: the visit is booked, with what to have ready and the laboratory's phone", async () => {
      await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token });
      await patientPage.goto(`/orders/${setup.orderId}`);
      await stateLine.filter({ hasText: 'Your visit is booked.' }).waitFor();
      await patientPage.evaluate(() => ((window as unknown as { __visitMarker: string }).__visitMarker = 'loaded once'));
      await timeline.getByRole('list', { name: 'Steps of the home visit' }).waitFor();
      await timeline.getByText('Nothing to buy: the nurse brings the tubes.').waitFor();
      assert.match((await timeline.locator('[aria-current="step"]').textContent()) ?? '', /^Visit booked\(now\)/);
      await ctx.shot('patient-booked');
    });

    await ctx.step('the laboratory assigns the nurse: the patient sees her first name without a reload', async () => {
      const assigned = await ctx.api('PUT', `/api/backend/staff/orders/${setup.orderId}/nurse`, { nurseUserId: (await nurseId()).id }, setup.staffToken);
      assert.equal(assigned.status, 200, `assign: ${JSON.stringify(assigned.body)}`);
      await stateLine.filter({ hasText: 'will come to you.' }).waitFor({ timeout: 15000 });
      await timeline.getByText('Your nurse: Nina').waitFor();
      await sameDocument(patientPage);
      await ctx.shot('patient-nurse-assigned');
    });

    await ctx.step('the nurse opens the day list on her own phone and taps "On my way" with the arrival time', async () => {
      const browser = ctx.context.browser();
      assert.ok(browser);
      const nurseContext = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, baseURL: ctx.baseUrl, locale: 'en-US' });
      await nurseContext.addCookies([
        { name: 'acceptCookie', value: 'true', url: ctx.baseUrl },
        { name: LAB_COOKIE, value: setup.lab.id, url: ctx.baseUrl },
      ]);
      await nurseContext.addInitScript(
        ({ key, token }) => {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, token);
        },
        { key: STORAGE_KEYS.token, token: setup.nurseToken },
      );
      nursePage = await nurseContext.newPage();
      await nursePage.goto(`/staff/visits?day=${setup.day}`);
      const card = nursePage.getByRole('listitem').filter({ hasText: 'Wąsowska' }).first();
      await card.getByRole('button', { name: 'On my way' }).waitFor();
      assert.equal(await nursePage.evaluate(() => window.innerWidth), 375);
      await ctx.shot('nurse-buttons', nursePage);
      await card.getByRole('button', { name: 'On my way' }).click();
      const dialog = nursePage.getByRole('dialog', { name: 'Expected arrival' });
      assert.match(await dialog.getByLabel('Arriving from').inputValue(), /^\d{2}:\d{2}$/, 'the arrival time is filled in (now + travel)');
      assert.match(await dialog.getByLabel('Arriving by').inputValue(), /^\d{2}:\d{2}$/, 'the end of the window is filled in');
      await ctx.shot('nurse-arrival', nursePage);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByText(/^Visit: Nurse on the way · Arriving \d{2}:\d{2}–\d{2}:\d{2}$/).waitFor();
      // The step shows itself on the card: no empty notice box above the list.
      const emptyNotices = await nursePage.evaluate(() => Array.from(document.querySelectorAll('[role="status"], [role="alert"]')).filter((e) => e.getBoundingClientRect().height > 10 && !e.textContent?.trim()).length);
      assert.equal(emptyNotices, 0, 'an empty notice is shown');
      await ctx.shot('nurse-on-the-way', nursePage);
    });

    await ctx.step('the patient sees the nurse on the way with the arrival window, without a reload', async () => {
      await stateLine.filter({ hasText: /is on the way\. Expected arrival [0-2]\d:[0-5]\d–[0-2]\d:[0-5]\d\./ }).waitFor({ timeout: 15000 });
      assert.match((await timeline.locator('[aria-current="step"]').textContent()) ?? '', /^Nurse on the way\(now\)/);
      await sameDocument(patientPage);
      await ctx.shot('patient-on-the-way');
    });

    await ctx.step('the patient\'s phone gets "Your nurse Nina is on the way, arriving ..." as a push and a mail: the nurse\'s first name only, no analysis, value or patient\'s name', async () => {
      const zone = ZONES[setup.lab.country ?? 'PL'] ?? 'UTC';
      const mail = await ctx.mail.waitFor({ to: setup.email, subject: /^Your nurse is on the way$/ });
      assert.match(mail.text, /Your nurse Nina is on the way, arriving \d{2}:\d{2}–\d{2}:\d{2}\b[^\n]*\./);
      const held = quietUntil(new Date(), zone);
      let received = (await push.waitFor(1, held ? 3000 : 15000)).filter((p) => p.endpoint === setup.device.endpoint);
      if (held) {
        // 22:00-07:00 in the laboratory's zone: the push waits for the morning; then it comes.
        assert.equal(received.length, 0, 'a push arrived in the quiet hours');
        assert.equal(await makeJobsDueNow('push-send'), 1, 'one push is held for the morning');
        received = (await push.waitFor(1, 15000)).filter((p) => p.endpoint === setup.device.endpoint);
      }
      assert.equal(received.length, 1, 'one push for "on my way"');
      const [got] = received;
      assert.ok(got?.vapidVerified, 'the push carries a valid VAPID signature of the shop');
      assert.match(got.payload.body, /^Your nurse Nina is on the way, arriving \d{2}:\d{2}–\d{2}:\d{2}\b.*\.$/);
      assert.equal(got.payload.url, `/orders/${setup.orderId}`);
      for (const word of [setup.analysis.name, setup.analysis.code, 'Ирина', 'Łucja', 'Żółć', 'Wąsowska', 'Kowalska']) {
        assert.ok(!JSON.stringify(got.payload).includes(word), `the push holds "${word}"`);
        assert.ok(!mail.text.includes(word), `the mail holds "${word}"`);
      }
    });

    await ctx.step('the nurse taps "I have arrived"; the patient sees it', async () => {
      assert.ok(nursePage);
      const card = nursePage.getByRole('listitem').filter({ hasText: 'Wąsowska' }).first();
      await card.getByRole('button', { name: 'I have arrived' }).click();
      await card.getByText(/^Visit: Nurse arrived/).waitFor();
      await ctx.shot('nurse-arrived', nursePage);
      await stateLine.filter({ hasText: 'has arrived.' }).waitFor({ timeout: 15000 });
      await sameDocument(patientPage);
      await ctx.shot('patient-arrived');
    });

    await ctx.step('the nurse marks the samples collected; the patient sees them on their way to the laboratory', async () => {
      assert.ok(nursePage);
      const card = nursePage.getByRole('listitem').filter({ hasText: 'Wąsowska' }).first();
      await card.getByRole('button', { name: /samples collected$/ }).click();
      await nursePage.getByRole('status').filter({ hasText: 'samples collected.' }).waitFor();
      await ctx.a11y('nurse: samples collected', nursePage);
      await stateLine.filter({ hasText: 'The samples were collected and are on their way to the laboratory.' }).waitFor({ timeout: 15000 });
      await sameDocument(patientPage);
      // Every step reached has its time, in order, but the booking, whose moment is the page's "Placed" (said once per page);
      // "have ready" is gone once the visit is over.
      const times = await timeline.locator('li time').allTextContents();
      assert.equal(times.length, 4, `times of the steps: ${times.join(', ')}`);
      assert.equal(await timeline.getByText('Have ready').count(), 0);
      await ctx.shot('patient-collected');
      const order = (await ctx.api('GET', `/api/backend/staff/orders/${setup.orderId}`, undefined, setup.staffToken)).body as StaffOrderDetailDto;
      assert.equal(order.status, 'sample_collected');
      await nursePage.context().close();
      ctx.expectNoConsoleErrors();
    });

    for (const [language, title, collected] of [
      // The visit and the laboratory are one story under the order's "Progress".
      ['pl', 'Przebieg', 'Próbki'],
      ['ru', 'Ход заказа', 'Образцы'],
    ] as const) {
      await ctx.step(`the timeline in ${language}`, async () => {
        await ctx.prepare({ language });
        await patientPage.goto(`/orders/${setup.orderId}`);
        await timeline.getByRole('heading', { name: title }).waitFor();
        await stateLine.filter({ hasText: collected }).waitFor();
        await ctx.shot(`patient-collected-${language}`);
      });
    }
  } finally {
    await push.close();
  }
});
