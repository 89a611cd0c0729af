import assert from 'node:assert/strict';
import fs from 'node:fs';
import { journey } from '../lib/journey';
import { createPatient, freeSlots, placeOrder, registerConfirmed } from '../lib/orderSetup';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto } from '@/shared/types/api';

/**
 * Documents of a paid order: the patient pays online (the built-in test provider), downloads the
 * receipt, asks for a VAT invoice with a tax number and downloads its PDF and its FA(3) XML.
 */
export default journey('the patient pays, downloads the receipt, asks for a VAT invoice with a NIP and downloads its PDF and XML', { timeoutMs: 150000 }, async (ctx) => {
  const { page } = ctx;
  const stamp = `${ctx.viewport}-${Date.now()}`;

  const setup = await ctx.step('a patient orders at a Polish laboratory and pays online with the test provider', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const lab = labs.find((l) => l.country === 'PL' && l.currency === 'PLN');
    assert.ok(lab, 'the demo data has a Polish laboratory');
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as AnalysisDto[];
    const glucose = analyses.find((a) => a.code === 'GB004');
    assert.ok(glucose, 'the demo catalogue has glucose');
    const token = await registerConfirmed(ctx, `invoice-${stamp}@example.test`, 'Ewa', 'Kowalska');
    const patient = await createPatient(ctx, token);
    const slot = (await freeSlots(ctx, lab.id))[0] as NurseSlotDto;
    const orderId = await placeOrder(ctx, token, lab, patient.id, [glucose.id], slot);
    const attempt = await ctx.api('POST', `/api/backend/orders/${orderId}/pay`, {}, token);
    assert.equal(attempt.status, 200, `a payment attempt: ${JSON.stringify(attempt.body)}`);
    const sessionId = decodeURIComponent(String(attempt.body.redirectUrl).split('/').pop() ?? '');
    const paid = await ctx.api('POST', `/api/payments/test/${encodeURIComponent(sessionId)}`, { action: 'pay' }, token);
    assert.equal(paid.status, 200, `paid: ${JSON.stringify(paid.body)}`);
    const order = await ctx.api('GET', `/api/backend/orders/${orderId}`, undefined, token);
    assert.equal(order.body.payment?.status, 'paid');
    return { lab, orderId, token, number: order.body.number as string };
  });

  await ctx.step('the order page offers the receipt, which downloads as a PDF', async () => {
    await ctx.prepare({ acceptCookies: true, laboratoryId: setup.lab.id, token: setup.token });
    await page.goto(`/orders/${setup.orderId}`);
    const docs = page.getByTestId('order-documents');
    await docs.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), docs.getByRole('button', { name: 'Download the receipt' }).click()]);
    assert.equal(download.suggestedFilename(), `receipt-${setup.number}.pdf`);
    const file = await download.path();
    assert.ok(file && fs.readFileSync(file).subarray(0, 5).toString() === '%PDF-', 'the receipt is a PDF');
  });

  await ctx.step('a bad tax number is refused at the field; a good one issues the invoice', async () => {
    const docs = page.getByTestId('order-documents');
    await docs.getByLabel('Tax number (NIP)').fill('1234567890');
    await docs.getByLabel('Company name').fill('Przychodnia Zdrowie sp. z o.o.');
    await docs.getByLabel('Street and number').fill('ul. Prosta 5');
    await docs.getByLabel('Postal code').fill('00-850');
    await docs.getByLabel('City').fill('Warszawa');
    await docs.getByRole('button', { name: 'Get the invoice' }).click();
    await docs.getByLabel('Tax number (NIP)').and(page.locator('[aria-invalid="true"]')).waitFor();
    await docs.getByLabel('Tax number (NIP)').fill('5260250274');
    await docs.getByRole('button', { name: 'Get the invoice' }).click();
    await docs.getByText(/^Invoice FV\/\d{4}\/\d{6}$/).waitFor();
    await ctx.shot('invoice issued');
  });

  await ctx.step('the invoice downloads as a PDF and as FA(3) XML', async () => {
    const docs = page.getByTestId('order-documents');
    const [pdf] = await Promise.all([page.waitForEvent('download'), docs.getByRole('button', { name: 'PDF' }).click()]);
    const pdfPath = await pdf.path();
    assert.ok(pdfPath && fs.readFileSync(pdfPath).subarray(0, 5).toString() === '%PDF-', 'the invoice is a PDF');
    const [xml] = await Promise.all([page.waitForEvent('download'), docs.getByRole('button', { name: 'XML (KSeF)' }).click()]);
    const xmlPath = await xml.path();
    const text = xmlPath ? fs.readFileSync(xmlPath, 'utf8') : '';
    assert.match(text, /<Faktura xmlns="http:\/\/crd\.gov\.pl\/wzor\/2025\/06\/25\/13775\/"/);
    assert.match(text, /<NIP>5260250274<\/NIP>/);
    assert.match(text, /<P_12>zw<\/P_12>/);
  });
});
