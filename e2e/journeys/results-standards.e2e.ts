import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed, signInNewStaff } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';
import type { StaffOrderDetailDto } from '@/shared/types/results';

const ROOT = path.resolve(__dirname, '..', '..');

export default journey(
  'a laboratory system result file arrives; the patient reads a critical result with its explanation, downloads FHIR and shares a link that a doctor opens until it is revoked',
  { timeoutMs: 300000 },
  async (ctx) => {
    const { page } = ctx;
    const stamp = `${ctx.viewport}-${Date.now()}`;
    const patientEmail = `standards-${stamp}@example.test`;
    const staffEmail = `standards-staff-${stamp}@example.test`;

    const setup = await ctx.step('a patient orders glucose, potassium and HBsAg; the sample reaches the laboratory', async () => {
      const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
      const lab = labs[ctx.viewport === 'desktop' ? 2 : 3] ?? labs[0];
      assert.ok(lab);
      const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
      const pick = (code: string) => {
        const a = analyses.find((x) => x.code === code);
        assert.ok(a, `${code} in the catalogue of ${lab.id}`);
        return a;
      };
      const glucose = pick('GB004');
      const potassium = pick('GB022');
      const hbsag = pick('DG009');
      assert.equal(potassium.loinc, '2823-3');
      const token = await registerConfirmed(ctx, patientEmail, 'Anna', 'Kowalska');
      const patient = await createPatient(ctx, token);
      const slots = await freeSlots(ctx, lab.id);
      const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id, potassium.id, hbsag.id], slots[2] ?? (slots[0] as NurseSlotDto));
      const staff = await signInNewStaff(ctx, staffEmail, lab.id);
      for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
        const r = await ctx.api('POST', `/api/backend/staff/orders/${orderId}/status`, { status }, staff);
        assert.equal(r.status, 200, `${status}: ${JSON.stringify(r.body)}`);
      }
      const number = ((await ctx.api('GET', `/api/backend/staff/orders/${orderId}`, undefined, staff)).body as StaffOrderDetailDto).number;
      return { lab, token, staffToken: staff, patient, orderId, number };
    });

    await ctx.step('the staff member uploads the ORU^R01 file from the laboratory system', async () => {
      const { patient, number } = setup;
      const oru = [
        `MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||ORU^R01^ORU_R01|E2E-${stamp}|P|2.5.1`,
        `PID|1||${patient.id}^^^SHOP^PI||Wąsowska^Ирина||19840412|F`,
        `ORC|RE|${number}`,
        `OBR|1|${number}||PANEL^Panel^L`,
        `OBX|1|NM|14771-0^Glucose fasting^LN||5.1|mmol/L^mmol/L^UCUM|3.9-5.6|N|||F`,
        `OBX|2|NM|2823-3^Potassium^LN||6.9|mmol/L^mmol/L^UCUM|3.5-5.1|HH|||F`,
        `NTE|1||Repeated on a fresh sample: confirmed`,
        `OBX|3|ST|DG009^HBsAg^L||negative||negative|N|||F`,
      ].join('\r');
      await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.staffToken });
      await page.goto('/staff');
      await page.getByRole('heading', { name: 'Import results from the laboratory system' }).waitFor();
      await page.getByTestId('hl7-file').setInputFiles({ name: `results-${number}.hl7`, mimeType: 'application/hl7-v2', buffer: Buffer.from(oru, 'utf8') });
      await page.getByRole('status').filter({ hasText: 'accepted' }).waitFor();
      assert.match((await page.getByRole('status').filter({ hasText: 'accepted' }).textContent()) ?? '', /Accepted 3 results/);
      await ctx.shot('staff-hl7-imported');
      const mail = await ctx.mail.waitFor({ to: patientEmail, subject: /^Important: a new result needs your attention$/, timeoutMs: 30000 });
      assert.match(mail.text, /contact a doctor promptly/);
      // The alert names no analysis and no value: whoever reads the mailbox learns nothing of health.
      assert.doesNotMatch(mail.text, /potassium/i);
    });

    await ctx.step('the patient sees the critical and the normal results with the explanation', async () => {
      await ctx.prepare({ token: setup.token });
      await page.goto(`/test-results/${setup.orderId}/patients/${setup.patient.id}`);
      const banner = page.getByTestId('critical-banner');
      await banner.waitFor();
      assert.match((await banner.textContent()) ?? '', /Potassium: beyond the critical limit\. Please contact a doctor promptly/);
      const critical = page.locator('li[data-interpretation="HH"]');
      assert.equal(await critical.count(), 1);
      assert.match((await critical.textContent()) ?? '', /6\.9 mmol\/L.*Critical: very high/);
      // HBsAg is a sensitive analysis: its normal result shows after a "Show result" tap.
      assert.equal(await page.locator('li[data-interpretation="N"]').count(), 1);
      await page.getByRole('button', { name: 'Show result' }).first().click();
      await page.getByText('negative').first().waitFor();
      await critical.getByText('What does Potassium mean?').click();
      await critical.getByText(/Your value: High values can come from kidney problems/).waitFor();
      await critical.getByText(/Only a doctor can interpret a result/).waitFor();
      await ctx.shot('patient-critical-explained');
    });

    await ctx.step('downloads the FHIR bundle for the doctor', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Download a file for my doctor's software" }).click()]);
      assert.match(download.suggestedFilename(), /\.fhir\.json$/);
      const bundle = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8')) as { resourceType: string; type: string; entry: { resource: { resourceType: string; interpretation?: { coding: { code: string }[] }[] } }[] };
      assert.equal(bundle.resourceType, 'Bundle');
      assert.equal(bundle.type, 'collection');
      const observations = bundle.entry.filter((e) => e.resource.resourceType === 'Observation');
      assert.equal(observations.length, 3);
      assert.deepEqual(observations.map((o) => o.resource.interpretation?.[0]?.coding[0]?.code).sort(), ['HH', 'N', 'N']);
    });

    const shareUrl = await ctx.step('shares a link for 3 days', async () => {
      const days = page.getByLabel('Valid for (days)');
      await days.fill('3');
      await page.getByRole('button', { name: 'Create link' }).click();
      const url = await page.getByTestId('share-url').inputValue();
      assert.match(url, /\/shared\/results\/[A-Za-z0-9_-]{43}$/);
      await page.getByTestId('share-link').first().waitFor();
      await page.getByTestId('share-url').scrollIntoViewIfNeeded();
      await ctx.shot('patient-share-created');
      return new URL(url).pathname;
    });

    const browser = ctx.context.browser();
    assert.ok(browser);
    const doctor = await browser.newContext(
      ctx.viewport === 'phone' ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, baseURL: ctx.baseUrl } : { viewport: { width: 1280, height: 800 }, baseURL: ctx.baseUrl },
    );
    const shots = path.join(ROOT, 'e2e', 'artifacts', ctx.viewport);
    fs.mkdirSync(shots, { recursive: true });
    try {
      await ctx.step('a doctor opens the link in a fresh browser without logging in', async () => {
        const doc = await doctor.newPage();
        const res = await doc.goto(shareUrl);
        assert.equal(res?.status(), 200);
        await doc.getByRole('heading', { level: 1, name: 'Ирина Wąsowska' }).waitFor();
        await doc.locator('li[data-interpretation="HH"]').waitFor();
        assert.match((await doc.getByTestId('critical-banner').textContent()) ?? '', /Potassium/);
        assert.equal(await doc.getByRole('link', { name: 'Download PDF' }).count(), 1);
        assert.equal(await doc.getByRole('link', { name: 'Download a file for medical software (FHIR)' }).count(), 1);
        // Nothing of the account: not the customer's name or e-mail.
        const text = (await doc.locator('main').textContent()) ?? '';
        assert.ok(!text.includes('Kowalska') && !text.includes(patientEmail));
        await doc.screenshot({ path: path.join(shots, 'results-standards-doctor-view.png') });
        await doc.close();
      });

      await ctx.step('the owner sees when it was opened and revokes it; the link then shows the 410 page', async () => {
        await page.reload();
        const link = page.getByTestId('share-link').first();
        await link.getByText(/Last opened/).waitFor();
        await link.getByRole('button', { name: 'Revoke' }).click();
        await page.locator('[data-testid="share-link"][data-state="revoked"]').waitFor();
        await ctx.shot('patient-share-revoked');
        const doc = await doctor.newPage();
        const res = await doc.goto(shareUrl);
        assert.equal(res?.status(), 410);
        await doc.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
        assert.equal(await doc.locator('li[data-interpretation]').count(), 0);
        await doc.screenshot({ path: path.join(shots, 'results-standards-doctor-gone.png') });
        await doc.close();
      });
    } finally {
      await doctor.close();
    }
  },
);
