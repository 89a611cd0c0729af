import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { journey } from '../lib/journey';
import { createPatient, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import { formatLabTime, formatVisitWindow, labDayKey, zoneName } from '@/shared/labTime';
import { STORAGE_KEYS } from '@/shared/storage';
import type { AddToCartResponse, AnalysisDto, LaboratoryDto } from '@/shared/types/api';

type Language = 'en' | 'ru' | 'pl';
const LANGUAGES: Language[] = ['en', 'ru', 'pl'];
/** The payer's phone is in London; the laboratory (and every time the shop shows) in Warsaw. */
const DEVICE_ZONE = 'Europe/London';

const LOCALES = path.resolve(__dirname, '..', '..', 'locales');
const bundles = new Map<string, Record<string, unknown>>();

/** A locale's string (`ns:dotted.key`) with its `{{values}}`, as the page shows it. */
function tr(language: Language, key: string, values: Record<string, string> = {}): string {
  const [ns, dotted] = key.split(':') as [string, string];
  const file = `${language}/${ns}`;
  let bundle = bundles.get(file);
  if (!bundle) {
    bundle = JSON.parse(fs.readFileSync(path.join(LOCALES, `${file}.json`), 'utf8')) as Record<string, unknown>;
    bundles.set(file, bundle);
  }
  let node: unknown = bundle;
  for (const part of dotted.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  assert.equal(typeof node, 'string', `${language} ${key} is a string in locales/`);
  return (node as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    assert.ok(name in values, `${key} needs {{${name}}}`);
    return values[name] as string;
  });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (s: string) => new RegExp(`^${escapeRe(s)}$`);
/** How many times `needle` occurs in `text`. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

interface OrderView {
  id: number;
  number: string;
  createdAt: string;
  visit: { start: string; end: string; timeZone: string };
  payment: { status: string; payBy: string | null; paidAt: string | null } | null;
}

/**
 * Paying later, in English, Russian and Polish, on a phone whose clock is in London for a Warsaw
 * laboratory: the patient orders a test in the browser and goes to the test payment page, declines
 * once (the page then says the payment is not completed, not "Order submitted"), starts again and
 * leaves the payment page, comes back through the mail's link to the order page, which offers
 * "Pay now" with the deadline on the laboratory's clock, pays there and sees the order paid. Every
 * time shown is the laboratory's, with its zone named once; the receipt and invoice form and the
 * nurse's card of the visit are shown in each language.
 */
export default journey(
  'a patient declines a payment, leaves the next one and pays later from the order page (en, ru, pl), times on the laboratory clock',
  { timezoneId: DEVICE_ZONE, timeoutMs: 420000 },
  async (ctx) => {
    const { page } = ctx;
    const stamp = `${ctx.viewport}-${Date.now()}`;

    const setup = await ctx.step('a Warsaw laboratory with glucose, a staff member and a nurse', async () => {
      const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
      const lab = labs.find((l) => l.id === 'warsaw-mokotow') ?? labs.find((l) => l.country === 'PL' && l.currency === 'PLN');
      assert.ok(lab, 'the demo data has a Polish laboratory');
      assert.equal(lab.timeZone, 'Europe/Warsaw');
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      const glucose = analyses.find((a) => a.code === 'GB004');
      assert.ok(glucose, 'the demo catalogue has glucose');
      const staff = await signInNewStaff(ctx, `pay-later-staff-${stamp}@example.test`, lab.id);
      const nurseEmail = `pay-later-nurse-${stamp}@example.test`;
      const nurseToken = await signInNewStaff(ctx, nurseEmail, lab.id, 'nurse', 'Anna Nowak');
      const nurses = (await ctx.api('GET', '/api/backend/staff/nurses', undefined, staff)).body as { id: number; email: string }[];
      const nurse = nurses.find((n) => n.email === nurseEmail);
      assert.ok(nurse, 'the nurse is listed');
      const postalCode = /\b\d{2}-\d{3}\b/.exec(lab.address)?.[0];
      assert.ok(postalCode, `a postal code in ${lab.address}`);
      return { lab, zone: lab.timeZone, glucose, staff, nurseToken, nurseId: nurse.id, postalCode };
    });
    const zone = setup.zone;

    for (const lng of LANGUAGES) {
      const email = `pay-later-${lng}-${stamp}@example.test`;
      let token = '';
      const order = async (id: number) => {
        const res = await ctx.api('GET', `/api/backend/orders/${id}`, undefined, token);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body as OrderView;
      };
      const payButton = () => page.getByRole('button', { name: tr(lng, 'cart:payment.payNow'), exact: true });
      /** "Pay by 16:25, …" (or with the date when the deadline falls on another day in Warsaw), on the laboratory's clock. */
      const expectPayBy = async (payBy: string, where: string) => {
        const shown = (await page.getByTestId('pay-by').first().textContent()) ?? '';
        const allowed = (['time', 'dateTime'] as const).map((style) => tr(lng, 'cart:payment.payBy', { time: formatLabTime(payBy, lng, zone, style) }));
        assert.ok(allowed.includes(shown), `${lng} ${where}: the deadline on the laboratory's clock, one of ${JSON.stringify(allowed)}; shown "${shown}"`);
        const deviceClock = formatLabTime(payBy, lng, DEVICE_ZONE, 'time');
        assert.ok(!shown.includes(deviceClock), `${lng} ${where}: "${shown}" shows the phone's clock (${deviceClock})`);
      };
      /** The laboratory's zone is named once on the page (and so no other zone). */
      const zoneNamedOnce = async (where: string) => {
        const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        const name = zoneName(new Date().toISOString(), lng, zone);
        assert.equal(occurrences(text, name), 1, `${lng} ${where}: "${name}" named once in: ${text}`);
        for (const other of [zoneName(new Date().toISOString(), lng, DEVICE_ZONE), 'GMT', 'UTC']) assert.ok(!text.includes(other), `${lng} ${where}: "${other}" on the page`);
      };

      await ctx.step(`${lng}: a patient with glucose in the cart orders in the browser and pays online`, async () => {
        token = await registerConfirmed(ctx, email, 'Ewa', 'Kowalska');
        const me = (await ctx.api('GET', '/api/backend/users/current', undefined, token)).body as { id: number };
        assert.equal((await ctx.api('PUT', `/api/backend/users/${me.id}`, { locale: lng }, token)).status, 200, 'the account speaks the language');
        const patient = await createPatient(ctx, token);
        let added = await ctx.api('POST', `/api/cart/add-to-cart?laboratoryId=${setup.lab.id}`, { analysisId: setup.glucose.id, patientIds: [patient.id] }, token);
        const answer = added.body as AddToCartResponse;
        if (answer.status === 'optionalMaterialDecisionRequested') {
          added = await ctx.api('POST', `/api/cart/add-to-cart?laboratoryId=${setup.lab.id}`, { analysisId: setup.glucose.id, patientIds: [patient.id], updateToIsBoughtOptionalMaterialMap: answer.isBoughtOptionalMaterialMap ?? {} }, token);
        }
        assert.equal((added.body as AddToCartResponse).status, 'added', JSON.stringify(added.body));

        await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token, language: lng });
        await page.goto('/order/cart');
        await page.getByRole('button', { name: tr(lng, 'cart:cart.next') }).click();
        await page.waitForURL(/\/order\/address$/);
        await page.getByLabel(tr(lng, 'cart:address.postalCode')).fill(setup.postalCode);
        await page.getByLabel(tr(lng, 'cart:address.city')).fill('Warszawa');
        await page.getByLabel(tr(lng, 'cart:address.street')).fill('Prosta 5');
        await page.getByTestId('coverage-served').waitFor();
        await page.getByRole('button', { name: tr(lng, 'cart:address.next') }).click();
        await page.waitForURL(/\/order\/nurse-checkout-time$/);
        const times = page.getByRole('radiogroup', { name: new RegExp(`^${escapeRe(tr(lng, 'cart:visit.time', { day: '\u0000' }).split('\u0000')[0] as string)}`) });
        await times.getByRole('radio').first().click();
        await page.getByRole('button', { name: tr(lng, 'cart:visit.next') }).click();
        await page.waitForURL(/\/order\/feedback$/);
        await page.getByRole('button', { name: tr(lng, 'cart:feedback.next') }).click();
        await page.waitForURL(/\/order\/data-confirmed$/);
        await page.getByRole('heading', { name: tr(lng, 'cart:confirm.title') }).waitFor();
        assert.equal(await page.getByRole('radio', { name: new RegExp(`^${escapeRe(tr(lng, 'cart:payment.online'))}`) }).isChecked(), true, 'online is the default');
        await page.getByRole('button', { name: tr(lng, 'cart:payment.submitAndPay') }).click();
        await page.waitForURL(/\/payments\/test\/[^/]+$/);
        await page.getByRole('heading', { name: tr(lng, 'cart:payment.test.title') }).waitFor();
        // The payer sees which order this is, by its number under "Order" (the word not said twice).
        await page.locator('dt').getByText(tr(lng, 'cart:payment.test.order'), { exact: true }).waitFor();
        assert.match((await page.getByTestId('test-order-number').textContent()) ?? '', /^LS-\d{6}$/);
        await ctx.shot(`${lng}-test-payment`);
      });

      const placed = await ctx.step(`${lng}: declines; the page says the payment did not go through (not "Order submitted") and offers "Pay now" with the deadline`, async () => {
        const shownNumber = await page.getByTestId('test-order-number').textContent();
        await page.getByRole('button', { name: tr(lng, 'cart:payment.test.decline'), exact: true }).click();
        await page.waitForURL(/\/order\/order-submitted\?orderId=\d+$/);
        const id = Number(new URL(page.url()).searchParams.get('orderId'));
        await page.getByText(tr(lng, 'cart:payment.failedText')).waitFor();
        const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
        assert.equal(heading, tr(lng, 'cart:submitted.titleFailed'));
        assert.notEqual(heading, tr(lng, 'cart:submitted.title'));
        await page.getByText(tr(lng, 'cart:submitted.notPaid')).waitFor();
        const o = await order(id);
        assert.equal(o.number, shownNumber, 'the test payment page named this order');
        assert.equal(o.payment?.status, 'failed');
        assert.ok(o.payment?.payBy);
        await payButton().waitFor();
        await expectPayBy(o.payment.payBy, 'after the decline');
        // The visit on the laboratory's clock, the zone named once (the phone is in another zone).
        const slotWindow = `${formatLabTime(o.visit.start, lng, zone, 'time')}–${formatLabTime(o.visit.end, lng, zone, 'time')}`;
        await page.locator('main').getByText(slotWindow, { exact: true }).waitFor();
        await zoneNamedOnce('after the decline');
        await page.locator('main').getByText(tr(lng, 'common:time.note', { zone: zoneName(o.visit.start, lng, zone) }), { exact: true }).waitFor();
        // "Order LS-000003" with the number in one piece on one line (a phone breaks it at its hyphen otherwise).
        const number = page.getByTestId('order-number');
        assert.equal(await number.textContent(), o.number);
        assert.equal(await number.evaluate((el) => el.getClientRects().length), 1, `${lng} the order number on one line`);
        await ctx.shot(`${lng}-after-decline`);
        return { id, number: o.number, payBy: o.payment.payBy };
      });

      await ctx.step(`${lng}: "Pay now" opens a new test payment; "Leave" returns to the order unpaid`, async () => {
        await payButton().click();
        await page.waitForURL(/\/payments\/test\/[^/]+$/);
        assert.equal(await page.getByTestId('test-order-number').textContent(), placed.number);
        await page.getByText(tr(lng, 'cart:payment.test.leaveHint')).waitFor();
        await page.getByRole('button', { name: tr(lng, 'cart:payment.test.leave'), exact: true }).click();
        await page.waitForURL(/\/order\/order-submitted\?orderId=\d+&left=1$/);
        await payButton().waitFor();
        await expectPayBy(placed.payBy, 'after leaving');
        // Left unpaid: the page says plainly the order is not paid (no "Order submitted", no thanks, nobody "checking with the operator").
        await page.getByText(tr(lng, 'cart:payment.unpaidText'), { exact: true }).waitFor();
        assert.equal((await page.getByRole('heading', { level: 1 }).textContent())?.trim(), tr(lng, 'cart:submitted.titleFailed'));
        await page.getByText(tr(lng, 'cart:submitted.notPaid'), { exact: true }).waitFor();
        const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        for (const key of ['cart:submitted.thanks', 'cart:payment.waiting', 'cart:payment.waitingHint']) assert.ok(!shown.includes(tr(lng, key)), `${lng} after leaving: "${tr(lng, key)}" on the page`);
        // The amount to pay on a line of its own.
        assert.match((await page.getByTestId('payment-amount').textContent()) ?? '', new RegExp(`^${escapeRe(tr(lng, 'cart:payment.toPay', { amount: '\u0000' })).replace('\u0000', '.+')}$`));
        await ctx.shot(`${lng}-after-leave`);
        assert.notEqual((await order(placed.id)).payment?.status, 'paid');
      });

      await ctx.step(`${lng}: the mail about the failed payment gives the deadline on the laboratory's clock and links to the order page`, async () => {
        const mail = await ctx.mail.waitFor({ to: email, subject: exactly(tr(lng, 'mail:payment.failedSubject', { number: placed.number })), timeoutMs: 30000 });
        const deadline = `${formatLabTime(placed.payBy, lng, zone, 'dateTime')} (${zoneName(placed.payBy, lng, zone)})`;
        assert.ok(mail.text.replace(/\s+/g, ' ').includes(deadline), `${lng} mail names the deadline "${deadline}": ${mail.text}`);
        const link = mail.links.find((l) => new URL(l).pathname === `/orders/${placed.id}`);
        assert.ok(link, `the mail links to the order page: ${mail.links.join(' ')}`);
        await page.goto(link);
      });

      await ctx.step(`${lng}: the order page offers "Pay now" with the deadline; every time on the laboratory's clock, its zone named once`, async () => {
        const block = page.getByRole('region', { name: tr(lng, 'cart:payment.blockTitle') });
        await block.getByRole('button', { name: tr(lng, 'cart:payment.payNow'), exact: true }).waitFor();
        const status = (await block.getByTestId('order-payment-status').textContent()) ?? '';
        assert.ok([tr(lng, 'cart:payment.status.failed'), tr(lng, 'cart:payment.status.awaiting')].includes(status), `${lng} status "${status}"`);
        await expectPayBy(placed.payBy, 'order page');
        const o = await order(placed.id);
        assert.equal(((await page.getByTestId('visit-window').textContent()) ?? '').trim(), formatVisitWindow(o.visit.start, o.visit.end, lng, zone));
        const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        const placedAt = tr(lng, 'results:orders.placed', { date: formatLabTime(o.createdAt, lng, zone, 'dateTime') });
        assert.ok(main.includes(placedAt), `${lng} "${placedAt}" on the order page`);
        assert.ok(main.includes(tr(lng, 'common:time.note', { zone: zoneName(o.createdAt, lng, zone) })), `${lng} the zone is named under the title`);
        await zoneNamedOnce('order page');
        await ctx.shot(`${lng}-order-pay-now`);
      });

      await ctx.step(`${lng}: pays from the order page and sees the order paid`, async () => {
        await page.getByRole('region', { name: tr(lng, 'cart:payment.blockTitle') }).getByRole('button', { name: tr(lng, 'cart:payment.payNow'), exact: true }).click();
        await page.waitForURL(/\/payments\/test\/[^/]+$/);
        await page.getByRole('button', { name: tr(lng, 'cart:payment.test.pay'), exact: true }).click();
        await page.waitForURL(/\/order\/order-submitted\?orderId=\d+$/);
        await page.getByText(tr(lng, 'cart:payment.paidText')).waitFor({ timeout: 20000 });
        assert.equal((await page.getByRole('heading', { level: 1 }).textContent())?.trim(), tr(lng, 'cart:submitted.title'));
        assert.equal(await payButton().count(), 0, 'nothing left to pay');
        await zoneNamedOnce('paid');
        assert.equal(await page.getByTestId('order-number').evaluate((el) => el.getClientRects().length), 1, `${lng} the order number on one line`);
        await ctx.shot(`${lng}-paid`);
        await page.goto(`/orders/${placed.id}`);
        const block = page.getByRole('region', { name: tr(lng, 'cart:payment.blockTitle') });
        await block.getByTestId('order-payment-status').getByText(tr(lng, 'cart:payment.status.paid'), { exact: true }).waitFor();
        assert.equal(await payButton().count(), 0, 'no "Pay now" once paid');
        const o = await order(placed.id);
        assert.equal(o.payment?.status, 'paid');
        assert.ok(o.payment.paidAt);
        await block.getByText(formatLabTime(o.payment.paidAt, lng, zone, 'dateTime'), { exact: true }).waitFor();
        await zoneNamedOnce('paid order page');
      });

      await ctx.step(`${lng}: the paid order offers the receipt and the invoice form`, async () => {
        const docs = page.getByTestId('order-documents');
        await docs.getByRole('button', { name: tr(lng, 'invoices:form.receipt') }).waitFor();
        await docs.getByRole('button', { name: tr(lng, 'invoices:form.submit') }).waitFor();
        await docs.scrollIntoViewIfNeeded();
        await ctx.shot(`${lng}-invoice-form`);
      });

      await ctx.step(`${lng}: the nurse's card of the visit, on the laboratory's clock`, async () => {
        const assigned = await ctx.api('PUT', `/api/backend/staff/orders/${placed.id}/nurse`, { nurseUserId: setup.nurseId }, setup.staff);
        assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
        const o = await order(placed.id);
        const day = labDayKey(o.visit.start, zone);
        await page.evaluate(([key, value]) => window.localStorage.setItem(key as string, value as string), [STORAGE_KEYS.token, setup.nurseToken]);
        await page.goto(`/staff/visits?day=${day}`);
        const card = page.getByRole('listitem').filter({ hasText: placed.number }).first();
        const slotWindow = `${formatLabTime(o.visit.start, lng, zone, 'time')}–${formatLabTime(o.visit.end, lng, zone, 'time')}`;
        await card.getByRole('heading', { name: slotWindow, exact: true }).waitFor();
        await card.scrollIntoViewIfNeeded();
        await ctx.shot(`${lng}-nurse-card`);
      });
    }
  },
);
