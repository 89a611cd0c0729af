import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { addSlotStartingSoon, createPatient, freeSlots, MIDNIGHT_WAIT_MS, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import type { OrderDetailDto } from '@/shared/types/results';

const ZONES: Record<string, string> = { PL: 'Europe/Warsaw', BY: 'Europe/Minsk', LT: 'Europe/Vilnius' };

/** `YYYY-MM-DD` and `HH:MM` of an instant on the laboratory's clock. */
const dayIn = (iso: string | Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const clockIn = (iso: string | Date, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The order's visit moves to `slot` (written into the app's database: no API moves a visit into the next hours). */
async function moveVisit(orderId: number, slot: NurseSlotDto): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  assert.ok(databaseUrl && databaseUrl.startsWith('file:'), 'the harness exports E2E_DATABASE_URL (a SQLite file)');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(databaseUrl.slice('file:'.length));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update orders set slot_id = ?, nurse_checkout_date = ? where id = ?').run(slot.id, slot.start, orderId).changes;
    assert.equal(changed, 1);
  } finally {
    db.close();
  }
}

/**
 * When the draw goes wrong, or at the wrong time (issue 39), on a phone: the laboratory rejects a
 * haemolysed sample, the patient is mailed, books the free redraw in one tap at 0, and the nurse's day
 * marks it as a second draw; a cart with cortisol is offered morning visits only and says why; the
 * morning check-in with too short a fast offers a free move of the visit.
 */
export default journey('a rejected sample is redrawn free of charge; cortisol books a morning visit; a short fast at the check-in offers a free move', { timeoutMs: 300000 + MIDNIGHT_WAIT_MS }, async (ctx) => {
  const { page } = ctx;
  const stamp = `${ctx.viewport}-${Date.now()}`;
  const patientEmail = `redraw-${stamp}@example.test`;
  const nurseEmail = `nurse-redraw-${stamp}@example.test`;

  const setup = await ctx.step('a patient orders glucose and TSH; the samples are collected; the laboratory has a staff member and a nurse', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const lab = labs[2] ?? labs[0];
    assert.ok(lab, 'the demo data has laboratories');
    const zone = lab.timeZone ?? ZONES[lab.country ?? 'PL'] ?? 'UTC';
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
    const glucose = analyses.find((a) => a.code === 'GB004');
    const tsh = analyses.find((a) => a.code === 'HR001');
    const cortisol = analyses.find((a) => /cortisol/i.test(a.name) && a.timing?.latestLocalTime);
    assert.ok(glucose && tsh && cortisol, 'the demo catalogue has glucose (GB004), TSH (HR001) and cortisol with a latest time');
    const token = await registerConfirmed(ctx, patientEmail, 'Łucja', 'Żółć');
    const patient = await createPatient(ctx, token);
    const slot = (await freeSlots(ctx, lab.id))[0] as NurseSlotDto;
    assert.ok(slot, 'a free nurse slot');
    // Paid to the nurse at the visit: nothing is left to pay on the order page.
    const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id, tsh.id], slot, 'on_visit');
    const staffToken = await signInNewStaff(ctx, `staff-redraw-${stamp}@example.test`, lab.id);
    const nurseToken = await signInNewStaff(ctx, nurseEmail, lab.id, 'nurse', 'Nina Kowalska');
    for (const status of ['visit_confirmed', 'sample_collected']) {
      const res = await ctx.api('POST', `/api/backend/staff/orders/${orderId}/status`, { status }, staffToken);
      assert.equal(res.status, 200, `${status}: ${JSON.stringify(res.body)}`);
    }
    return { lab, zone, token, patient, orderId, staffToken, nurseToken, glucose, tsh, cortisol };
  });

  await ctx.step("the laboratory rejects TSH's sample for haemolysis (RH); the patient's mail names no analysis and links to the order", async () => {
    const res = await ctx.api('POST', `/api/backend/staff/orders/${setup.orderId}/rejections`, { analysisIds: [setup.tsh.id], reason: 'RH' }, setup.staffToken);
    assert.equal(res.status, 201, `rejection: ${JSON.stringify(res.body)}`);
    const mail = await ctx.mail.waitFor({ to: patientEmail, subject: /^A sample needs to be taken again$/, timeoutMs: 30000 });
    assert.match(mail.text, /A second visit to take it again is free of charge/);
    for (const word of [setup.tsh.name, setup.tsh.code, setup.glucose.name, setup.glucose.code, 'haemolysis', 'Ирина', 'Wąsowska']) {
      assert.ok(!mail.text.includes(word) && !mail.html.includes(word), `the mail holds "${word}"`);
    }
    const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === `/orders/${setup.orderId}`);
    assert.ok(link, `the order link: ${mail.links.join(' ')}`);
  });

  const redraw = await ctx.step('the patient opens the order: "Sample not testable" with the plain reason; one tap books the free redraw at a chosen time', async () => {
    await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token });
    await page.goto(`/orders/${setup.orderId}`);
    const note = page.getByTestId('sample-note');
    await note.filter({ hasText: 'Sample not testable: The blood sample broke down (haemolysis) before it could be tested.' }).waitFor();
    assert.equal(await note.count(), 1, 'only the rejected analysis has a note');
    const box = page.getByTestId('sample-redraw');
    await box.getByRole('heading', { name: 'A sample needs to be taken again' }).waitFor();
    await box.scrollIntoViewIfNeeded();
    await ctx.shot('order-sample-rejected');
    await box.getByRole('button', { name: 'Book a free redraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a time for the free second visit' });
    await dialog.getByText('The nurse comes to the same address; there is nothing to pay.').waitFor();
    const time = dialog.locator('[aria-pressed]').first();
    await time.click();
    assert.equal(await time.getAttribute('aria-pressed'), 'true');
    await ctx.shot('redraw-pick-time');
    await dialog.getByRole('button', { name: 'Book the free visit' }).click();
    await page.waitForURL((u) => /^\/orders\/\d+$/.test(u.pathname) && u.pathname !== `/orders/${setup.orderId}`);
    const redrawId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Free redraw of an earlier order').waitFor();
    await page.getByText('Free redraw of an earlier order').scrollIntoViewIfNeeded();
    const total = page.getByTestId('breakdown-total');
    await total.waitFor();
    const totalText = (await total.textContent()) ?? '';
    assert.match(totalText, /^Total.*\b0[.,]00\b/, `the redraw's total: ${totalText}`);
    assert.doesNotMatch(totalText, /[1-9]/, `the redraw's total: ${totalText}`);
    assert.equal(await page.getByRole('button', { name: /^Pay\b/ }).count(), 0, 'no payment is asked');
    await ctx.shot('redraw-order-en');
    const order = (await ctx.api('GET', `/api/backend/orders/${redrawId}`, undefined, setup.token)).body as OrderDetailDto;
    assert.equal(order.total.price, 0);
    assert.equal(order.redrawOf, setup.orderId);
    assert.deepEqual(order.patients.flatMap((p) => p.lines.map((l) => l.analysisId)), [setup.tsh.id], 'only the rejected analysis is drawn again');
    const original = (await ctx.api('GET', `/api/backend/orders/${setup.orderId}`, undefined, setup.token)).body as OrderDetailDto;
    assert.equal(original.redraw?.orderId, redrawId);
    assert.equal(original.patients[0]?.lines.find((l) => l.analysisId === setup.tsh.id)?.sample?.status, 'redraw_booked');
    return { id: redrawId, day: dayIn(order.visit.start, setup.zone) };
  });

  for (const [language, text] of [
    ['ru', 'Бесплатное повторное взятие по прежнему заказу'],
    ['pl', 'Bezpłatne ponowne pobranie do wcześniejszego zamówienia'],
  ] as const) {
    await ctx.step(`the redraw order in ${language}`, async () => {
      await ctx.prepare({ language });
      await page.goto(`/orders/${redraw.id}`);
      await page.getByText(text).waitFor();
      await page.getByTestId('breakdown-total').waitFor();
      await page.getByText(text).scrollIntoViewIfNeeded();
      await ctx.shot(`redraw-order-${language}`);
    });
  }

  await ctx.step("the nurse assigned to the redraw sees it on her day as a second draw with a butterfly needle", async () => {
    const nurses = (await ctx.api('GET', '/api/backend/staff/nurses', undefined, setup.staffToken)).body as { id: number; email: string }[];
    const nurse = nurses.find((n) => n.email === nurseEmail);
    assert.ok(nurse, `the nurse is listed: ${JSON.stringify(nurses)}`);
    const assigned = await ctx.api('PUT', `/api/backend/staff/orders/${redraw.id}/nurse`, { nurseUserId: nurse.id }, setup.staffToken);
    assert.equal(assigned.status, 200, `assign: ${JSON.stringify(assigned.body)}`);
    await page.evaluate(() => window.localStorage.clear());
    await ctx.prepare({ language: 'en', token: setup.nurseToken });
    await page.goto(`/staff/visits?day=${redraw.day}`);
    const list = page.getByRole('list', { name: `Visits on ${redraw.day}` });
    await list.waitFor();
    const card = list.getByRole('listitem').filter({ hasText: 'Wąsowska' }).first();
    await card.getByTestId('visit-redraw').filter({ hasText: 'Second draw: the first sample could not be tested. Use a butterfly needle.' }).waitFor();
    await card.getByTestId('visit-redraw').scrollIntoViewIfNeeded();
    await ctx.shot('nurse-day-second-draw');
  });

  await ctx.step('a cart with cortisol: the visit-time step offers morning times only and says why', async () => {
    const token = await registerConfirmed(ctx, `cortisol-${stamp}@example.test`, 'Olga', 'Nowak');
    const patient = await createPatient(ctx, token);
    const added = await ctx.api('POST', `/api/cart/add-to-cart?laboratoryId=${setup.lab.id}`, { analysisId: setup.cortisol.id, patientIds: [patient.id] }, token);
    assert.equal(added.status, 200, `add-to-cart: ${JSON.stringify(added.body)}`);
    const latest = setup.cortisol.timing?.latestLocalTime ?? '10:00';
    // The laboratory works afternoons too: those visits are left out for this cart.
    const all = await freeSlots(ctx, setup.lab.id);
    assert.ok(all.some((s) => clockIn(s.start, setup.zone) >= '12:00'), 'the schedule has afternoon visits');
    const offered = (await ctx.api('GET', `/api/backend/nurse-slots?laboratoryId=${setup.lab.id}&forCart=true`, undefined, token)).body as NurseSlotDto[];
    assert.ok(offered.length > 0, 'some morning visits are offered');
    for (const s of offered) assert.ok(clockIn(s.end, setup.zone) <= latest, `an offered visit ends after ${latest}: ${s.start}`);
    await page.evaluate(() => window.localStorage.clear());
    await ctx.prepare({ token });
    await page.goto('/order/nurse-checkout-time');
    const why = page.getByTestId('visit-timing');
    await why.getByText(`${setup.cortisol.name}: Sample before ${latest}`).waitFor();
    assert.match(setup.cortisol.name, /^Cortisol/);
    const times = page.locator('[role="radiogroup"][aria-labelledby="visit-slot-label"] [role="radio"]');
    await times.first().waitFor();
    for (const text of await times.allTextContents()) {
      const end = /–\s*(\d{2}:\d{2})/.exec(text)?.[1];
      assert.ok(end && end <= latest, `an afternoon time is offered: ${text}`);
    }
    await ctx.shot('visit-time-cortisol');
  });

  const checkIn = await ctx.step('an order with fasting glucose whose visit starts soon; the patient opens the morning check-in', async () => {
    const slot = (await freeSlots(ctx, setup.lab.id))[0] as NurseSlotDto;
    const orderId = await placeOrder(ctx, setup.token, setup.lab, setup.patient.id, [setup.glucose.id], slot);
    // The check-in is the morning of the visit; the visit starts within the hour, whatever the hour now.
    await moveVisit(orderId, await addSlotStartingSoon(setup.lab.id, 45));
    await page.evaluate(() => window.localStorage.clear());
    await ctx.prepare({ token: setup.token });
    await page.goto(`/orders/${orderId}/check-in`);
    await page.getByText('Your tests need at least 8 hours without food before the visit (water is fine).').waitFor();
    return { orderId };
  });

  /** Tells the check-in a meal an hour ago (on the laboratory's clock) and waits for the free move. */
  const answerShortFast = async (offer: string, move: string) => {
    const meal = new Date(Date.now() - 3600_000);
    await page.locator('input[type="datetime-local"]').fill(`${dayIn(meal, setup.zone)}T${clockIn(meal, setup.zone)}`);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('status').filter({ hasText: offer }).waitFor();
    await page.getByRole('link', { name: move }).waitFor();
  };

  await ctx.step('a meal an hour ago is too short a fast: the check-in offers a free move of the visit', async () => {
    await answerShortFast('You can move the visit free of charge until', 'Move the visit');
    await ctx.shot('check-in-free-move-en');
    const stored = (await ctx.api('GET', `/api/backend/orders/${checkIn.orderId}/check-in`, undefined, setup.token)).body as { answer: { ok: boolean; fastingHours: number } | null };
    assert.equal(stored.answer?.ok, false);
    assert.ok((stored.answer?.fastingHours ?? 99) < 8, `the fast: ${JSON.stringify(stored.answer)}`);
  });

  for (const [language, offer, move] of [
    ['ru', 'Вы можете бесплатно перенести визит до', 'Перенести визит'],
    ['pl', 'Możesz bezpłatnie przełożyć wizytę do', 'Przełóż wizytę'],
  ] as const) {
    await ctx.step(`the check-in in ${language}`, async () => {
      await ctx.prepare({ language });
      await page.goto(`/orders/${checkIn.orderId}/check-in`);
      await answerShortFast(offer, move);
      await ctx.shot(`check-in-free-move-${language}`);
    });
  }
  ctx.expectNoConsoleErrors();
});
