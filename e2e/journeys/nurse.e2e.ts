import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { addSlotStartingSoon, addStaffAccount, createPatient, freeSlots, labDayOf, labTimeZone, MIDNIGHT_WAIT_MS, PASSWORD, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import { zoneName } from '@/shared/labTime';
import type { AnalysisDto, LaboratoryDto } from '@/shared/types/api';
import type { StaffOrderDetailDto } from '@/shared/types/results';

/**
 * The nurse's day on a phone: a nurse made with the command line, a visit assigned in the console,
 * samples collected at the door; another visit marked "not at home" mails the patient. The nurse's
 * taps are taken only on the visit's day in the laboratory's time zone: the visits she taps are today
 * on the laboratory's clock (whatever the hour the run starts at), and a visit on a later day shows
 * her steps closed until that day.
 */
export default journey('a nurse opens the day of visits on a phone, marks samples collected and another visit not at home', { viewports: ['phone'], timeoutMs: 300000 + MIDNIGHT_WAIT_MS }, async (ctx) => {
  const { page } = ctx;
  const stamp = `${ctx.viewport}-${Date.now()}`;
  const nurseEmail = `nurse-${stamp}@example.test`;

  const setup = await ctx.step('a patient orders glucose and TSH; the laboratory has a staff member and a nurse (npm run staff:add --role nurse --name "Anna Nowak" --password-stdin)', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const lab = labs[2] ?? labs[0];
    assert.ok(lab, 'the demo data has laboratories');
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
    // Blood tests without timing rules (fasting glucose wants a morning visit): the visits start in a few minutes, whatever the hour.
    const anyTime = (a: AnalysisDto) => !a.timing || Object.keys(a.timing).length === 0;
    const glucose = analyses.find((a) => a.code.startsWith('GB') && anyTime(a));
    const tsh = analyses.find((a) => a.code === 'HR001' && anyTime(a)) ?? analyses.find((a) => a.code.startsWith('HR') && anyTime(a));
    assert.ok(glucose && tsh, 'the demo catalogue has blood tests and a hormone test without timing rules');
    const token = await registerConfirmed(ctx, `visit-${stamp}@example.test`, 'Łucja', 'Żółć');
    const me = (await ctx.api('GET', '/api/backend/users/current', undefined, token)).body as { id: number };
    const phone = await ctx.api('PUT', `/api/backend/users/${me.id}`, { phone: '+48 600 100 200' }, token);
    assert.equal(phone.status, 200, `phone: ${JSON.stringify(phone.body)}`);
    const patient = await createPatient(ctx, token);
    const zone = await labTimeZone(lab.id);
    // Two visits today on the laboratory's clock, starting in a few minutes (the nurse taps them).
    const slot = await addSlotStartingSoon(lab.id, 5);
    const day = labDayOf(slot.start, zone);
    // Paid to the nurse at the visit: her card says how much to collect, and she records it.
    const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id, tsh.id], slot, 'on_visit');
    const missedSlot = await addSlotStartingSoon(lab.id, 6);
    const missedId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], missedSlot);
    // And one on a later day, whose steps wait for that day.
    const aheadSlot = (await freeSlots(ctx, lab.id)).find((s) => labDayOf(s.start, zone) > day);
    assert.ok(aheadSlot, 'a free nurse slot on a later day');
    const aheadId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], aheadSlot);
    addStaffAccount(nurseEmail, lab.id, 'nurse', 'Anna Nowak');
    const staffToken = await signInNewStaff(ctx, `staff-${stamp}@example.test`, lab.id);
    const nurses = (await ctx.api('GET', '/api/backend/staff/nurses', undefined, staffToken)).body as { id: number; email: string }[];
    const nurse = nurses.find((n) => n.email === nurseEmail);
    assert.ok(nurse, `the nurse is listed: ${JSON.stringify(nurses)}`);
    const assign = async (id: number) => {
      const assigned = await ctx.api('PUT', `/api/backend/staff/orders/${id}/nurse`, { nurseUserId: nurse.id }, staffToken);
      assert.equal(assigned.status, 200, `assign: ${JSON.stringify(assigned.body)}`);
      return { id, number: (assigned.body as StaffOrderDetailDto).number, day: labDayOf((assigned.body as StaffOrderDetailDto).visit.start, zone) };
    };
    const missed = await assign(missedId);
    const ahead = await assign(aheadId);
    assert.equal(missed.day, day, 'the "not at home" visit is today too');
    assert.notEqual(ahead.day, day);
    const main = (await ctx.api('GET', `/api/backend/staff/orders/${orderId}`, undefined, staffToken)).body as StaffOrderDetailDto;
    assert.equal(labDayOf(main.visit.start, zone), day, 'the visit the nurse taps is today');
    const number = main.number;
    return { lab, zone, orderId, number, staffToken, day, patientEmail: `visit-${stamp}@example.test`, missed, ahead };
  });

  await ctx.step('the staff member assigns the visit to the nurse in the console, picking her by her name', async () => {
    await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.staffToken });
    await page.goto(`/staff/orders/${setup.orderId}`);
    const section = page.getByRole('region', { name: 'Nurse' });
    await section.getByRole('combobox', { name: 'Assign a nurse' }).selectOption({ label: 'Anna Nowak' });
    await section.getByRole('button', { name: 'Assign' }).click();
    await section.getByText('Nurse assigned.').waitFor();
    const order = (await ctx.api('GET', `/api/backend/staff/orders/${setup.orderId}`, undefined, setup.staffToken)).body as StaffOrderDetailDto;
    assert.equal(order.nurse?.email, nurseEmail);
  });

  await ctx.step('the nurse signs in on the phone', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id });
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('E-mail').fill(nurseEmail);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  await ctx.step("the nurse's day lists the visit with the address, a phone link, a map link and what to bring", async () => {
    await page.goto(`/staff/visits?day=${setup.day}`);
    const list = page.getByRole('list', { name: `Visits on ${setup.day}` });
    await list.waitFor();
    const card = list.getByRole('listitem').filter({ hasText: setup.number }).first();
    // The apartment in lower case after the street (not 'Prosta 5, Apt. 7').
    await card.getByText('Prosta 5, apt. 7', { exact: true }).waitFor();
    // The laboratory's zone is named once on the day's page.
    assert.equal(await page.getByTestId('lab-zone-note').textContent(), `Times in ${zoneName(new Date(0).toISOString(), 'en', setup.zone)}`);
    await card.getByText('Floor: 2').waitFor();
    await card.getByText('Venous blood collection kit × 1').first().waitFor();
    const map = card.getByRole('link', { name: /^Open the map: .*OpenStreetMap/ });
    assert.match((await map.getAttribute('href')) ?? '', /^https:\/\/www\.openstreetmap\.org\/search\?query=Prosta%205/);
    await ctx.shot('nurse-day');
    const width = await page.evaluate(() => window.innerWidth);
    assert.equal(width, 375);
    const small = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [role="combobox"], [tabindex="0"]'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const st = getComputedStyle(el);
        if (st.visibility === 'hidden' || st.opacity === '0') continue;
        if (el.tagName === 'A' && st.display === 'inline') continue;
        if (r.width < 44 || r.height < 44) out.push(`${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}] ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      return out;
    });
    assert.deepEqual(small, [], 'touch targets under 44x44 px on /staff/visits');
    // A phone link the nurse taps to call.
    const call = card.getByRole('link', { name: /^Call / });
    assert.match((await call.getAttribute('href')) ?? '', /^tel:\+?\d+$/);
  });

  await ctx.step('the nurse marks the samples collected', async () => {
    const card = page.getByRole('listitem').filter({ hasText: setup.number }).first();
    await card.getByRole('button', { name: /samples collected$/ }).click();
    await page.getByRole('status').filter({ hasText: 'samples collected.' }).waitFor();
    await card.getByText('Sample collected').first().waitFor();
    const order = (await ctx.api('GET', `/api/backend/staff/orders/${setup.orderId}`, undefined, setup.staffToken)).body as StaffOrderDetailDto;
    assert.equal(order.status, 'sample_collected');
    // The money at the door: what to collect, recorded as cash; the patient's order is paid and mailed.
    const money = card.getByTestId('visit-payment');
    await money.getByText(/^Collect /).waitFor();
    await ctx.shot('nurse-card-collect');
    await money.getByRole('button', { name: 'Paid in cash' }).click();
    await card.getByText(/^Paid at the visit: .* in cash \(\d{2}:\d{2}\)\.$/).waitFor();
    await ctx.shot('nurse-card-paid');
    const paid = (await ctx.api('GET', `/api/backend/staff/orders/${setup.orderId}`, undefined, setup.staffToken)).body as StaffOrderDetailDto;
    assert.equal(paid.payment?.status, 'paid');
    await ctx.mail.waitFor({ to: setup.patientEmail, subject: /^Payment received for order /, timeoutMs: 30000 });
    // The console itself stays closed to a nurse.
    await page.goto('/staff');
    await page.getByText('Nurses work from the visits of the day.').waitFor();
    await page.getByRole('link', { name: 'Open the visits of the day' }).click();
    await page.waitForURL((u) => u.pathname === '/staff/visits');
  });

  await ctx.step('the nurse finds nobody at home for the other visit; the patient is mailed how to arrange another', async () => {
    await page.goto(`/staff/visits?day=${setup.missed.day}`);
    const card = page.getByRole('listitem').filter({ hasText: setup.missed.number }).first();
    // "Not at home" comes after the nurse has arrived (or 15 minutes into the slot).
    await card.getByRole('button', { name: 'I have arrived' }).click();
    await card.getByText('Visit: Nurse arrived').waitFor();
    await page.getByRole('button', { name: `Mark order ${setup.missed.number}: not at home` }).click();
    const dialog = page.getByRole('dialog', { name: 'Nobody at home?' });
    await dialog.getByLabel('Note').fill('Rang twice, nobody answered');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: `Order ${setup.missed.number}: marked not at home.` }).waitFor();
    const order = (await ctx.api('GET', `/api/backend/staff/orders/${setup.missed.id}`, undefined, setup.staffToken)).body as StaffOrderDetailDto;
    assert.equal(order.status, 'placed');
    const mail = await ctx.mail.waitFor({ to: setup.patientEmail, subject: /could not find you at home/, timeoutMs: 30000 });
    assert.match(mail.subject, new RegExp(`\\(order ${setup.missed.number}\\)$`));
    assert.match(mail.text, /To arrange another visit, please contact the laboratory in /);
    assert.ok(mail.links.some((l) => l.endsWith(`/orders/${setup.missed.id}`)), `the order link: ${mail.links.join(' ')}`);
    assert.doesNotMatch(mail.text, /Rang twice/);
  });

  await ctx.step("a visit on a later day shows the nurse's steps closed, available on the visit day; the server refuses a tap in her words", async () => {
    await page.goto(`/staff/visits?day=${setup.ahead.day}`);
    const card = page.getByRole('listitem').filter({ hasText: setup.ahead.number }).first();
    await card.getByText('Available on the visit day.').waitFor();
    for (const name of ['On my way', 'I have arrived', `Mark order ${setup.ahead.number}: samples collected`, `Mark order ${setup.ahead.number}: not at home`]) {
      assert.equal(await card.getByRole('button', { name }).isDisabled(), true, `${name} is closed before the visit's day`);
    }
    await ctx.shot('nurse-card-later-day');
    const login = await ctx.api('POST', '/api/backend/login', { username: nurseEmail, password: PASSWORD });
    const refused = await ctx.api('POST', `/api/backend/staff/visits/${setup.ahead.id}/state`, { state: 'arrived' }, (login.body as { access_token: string }).access_token);
    assert.deepEqual([refused.status, refused.body?.code], [409, 'visit_arrived_not_visit_day']);
  });
});
