import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createUser } from '@/server/testing/orderFixtures';
import { pdfText as extractText } from '@/server/testing/pdfText';
import { createFixturePatient, createFixtureSlot, createFixtureUser, seedShopFixture, type ShopFixture } from '@/server/testing/shopFixtures';

/**
 * Results integrity (SQLite and PostgreSQL): the patient's identity is frozen when the order is
 * placed, corrections keep every earlier revision with who, when and why, and a flag sent by staff
 * never replaces the one the server computes.
 */
let tdb: TestDb;
let api: TestApiServer;
let fx: ShopFixture;

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  fx = await seedShopFixture(tdb.db);
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const B = '/api/backend';
const address = { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '2', intercomCode: '12#', notes: '' };
const feedback = { useEmail: true, usePhone: false, quickPhone: '+48 600 100 200' };

async function pdfText(url: string, token: string, lang = 'en'): Promise<string> {
  const res = await fetch(`${api.url}${url}`, { headers: { Authorization: `Bearer ${token}`, Cookie: `lang=${lang}` } });
  expect(res.status).toBe(200);
  return extractText(Buffer.from(await res.arrayBuffer()));
}

/** An order placed through checkout for one patient (CBC), taken to the laboratory by its staff. */
async function placedOrder() {
  const user = await createFixtureUser(tdb.db, { laboratoryId: 'fx-waw' });
  const patientId = await createFixturePatient(tdb.db, user.id, { firstName: 'Maria', gender: 'female', dateOfBirth: '1980-03-04', isUser: true });
  await tdb.db.updateTable('patients').set({ last_name: 'Kowalska' }).where('id', '=', patientId).execute();
  const add = await api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: fx.analyses.cbc, patientIds: [patientId] } });
  expect(add.status).toBe(200);
  const slot = await createFixtureSlot(tdb.db, 'fx-waw', 2);
  const created = await api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback },
  });
  expect([created.status, created.body.error]).toEqual([200, undefined]);
  const orderId = created.body.orderId as number;
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await api.call('POST', `${B}/staff/orders/${orderId}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  const putResults = (entries: unknown[]) => api.call('PUT', `${B}/staff/orders/${orderId}/results`, { token: staff.token, body: { entries } });
  return { user, patientId, orderId, staff, putResults };
}

test('renaming a patient after the order leaves the old result page, its PDF and the FHIR Patient as they were', async () => {
  const o = await placedOrder();
  expect((await o.putResults([{ patientId: o.patientId, analysisId: fx.analyses.cbc, value: 5.2 }])).status).toBe(200);

  const current = await api.call('GET', `${B}/patient/${o.patientId}`, { token: o.user.token });
  const renamed = await api.call('PUT', `${B}/patient/${o.patientId}`, {
    token: o.user.token,
    body: { ...current.body, personalDetails: { ...current.body.personalDetails, firstName: 'Renata', lastName: 'Zmieniona', dateOfBirth: '1999-12-31' } },
  });
  expect(renamed.status).toBe(200);

  const page = await api.call('GET', `${B}/test-results/${o.orderId}/patients/${o.patientId}`, { token: o.user.token });
  expect(page.status).toBe(200);
  expect(page.body.patient).toMatchObject({ firstName: 'Maria', lastName: 'Kowalska', dateOfBirth: '1980-03-04', gender: 'female' });
  const set = await api.call('GET', `${B}/test-results/${o.orderId}`, { token: o.user.token });
  expect(set.body.patients[0]).toMatchObject({ firstName: 'Maria', lastName: 'Kowalska' });

  const text = await pdfText(`${B}/test-results/${o.orderId}/patients/${o.patientId}/pdf`, o.user.token);
  expect(text).toContain('Patient: Maria Kowalska');
  expect(text).toContain('Date of birth: 4 March 1980');
  expect(text).not.toContain('Renata');
  expect(text).not.toContain('Zmieniona');

  const fhir = await api.call('GET', `${B}/test-results/${o.orderId}/fhir`, { token: o.user.token });
  const patients = (fhir.body.entry as { resource: { resourceType: string; name?: { family: string; given: string[] }[]; birthDate?: string } }[])
    .map((e) => e.resource)
    .filter((r) => r.resourceType === 'Patient');
  expect(patients.map((p) => [p.name?.[0]?.given?.[0], p.name?.[0]?.family, p.birthDate])).toEqual([['Maria', 'Kowalska', '1980-03-04']]);

  // The order page and the staff console show who was tested, too.
  const order = await api.call('GET', `${B}/orders/${o.orderId}`, { token: o.user.token });
  expect(order.body.patients[0]).toMatchObject({ firstName: 'Maria', lastName: 'Kowalska' });
  const staffView = await api.call('GET', `${B}/staff/orders/${o.orderId}`, { token: o.staff.token });
  expect(staffView.body.patients[0]).toMatchObject({ firstName: 'Maria', lastName: 'Kowalska', dateOfBirth: '1980-03-04' });

  // A new order after the rename carries the new identity.
  const add = await api.call('POST', '/api/cart/add-to-cart', { token: o.user.token, body: { analysisId: fx.analyses.glucose, patientIds: [o.patientId], updateToIsBoughtOptionalMaterialMap: { [fx.materials.gelTube]: false } } });
  expect(add.status).toBe(200);
  const slot = await createFixtureSlot(tdb.db, 'fx-waw', 2, 3);
  const second = await api.call('POST', '/api/order/create', {
    token: o.user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback },
  });
  const secondOrder = await api.call('GET', `${B}/orders/${second.body.orderId}`, { token: o.user.token });
  expect(secondOrder.body.patients[0]).toMatchObject({ firstName: 'Renata', lastName: 'Zmieniona' });
});

test('a correction needs a reason, keeps the earlier value with who, when and why, and is marked on the page and in the PDF', async () => {
  const o = await placedOrder();
  const cbc = fx.analyses.cbc;
  expect((await o.putResults([{ patientId: o.patientId, analysisId: cbc, value: 5.2, refLow: 3.9, refHigh: 5.6, rangeReason: 'Method range' }])).status).toBe(200);
  const first = await api.call('GET', `${B}/test-results/${o.orderId}/patients/${o.patientId}`, { token: o.user.token });
  expect(first.body.results[0]).toMatchObject({ value: 5.2, correctedAt: null });
  expect(await pdfText(`${B}/test-results/${o.orderId}/patients/${o.patientId}/pdf`, o.user.token)).not.toContain('Corrected');

  // The same result again is no correction; a different one without a reason is refused and changes nothing.
  expect((await o.putResults([{ patientId: o.patientId, analysisId: cbc, value: 5.2, refLow: 3.9, refHigh: 5.6, rangeReason: 'Method range' }])).status).toBe(200);
  const noReason = await o.putResults([{ patientId: o.patientId, analysisId: cbc, value: 7.9, refLow: 3.9, refHigh: 5.6, rangeReason: 'Method range' }]);
  expect(noReason.status).toBe(400);
  expect(noReason.body.fields).toEqual({ 'entries[0].correctionReason': 'Give a reason for correcting this result' });
  const unchanged = await api.call('GET', `${B}/test-results/${o.orderId}/patients/${o.patientId}`, { token: o.user.token });
  expect(unchanged.body.results[0]).toMatchObject({ value: 5.2, correctedAt: null });

  const corrected = await o.putResults([
    { patientId: o.patientId, analysisId: cbc, value: 7.9, refLow: 3.9, refHigh: 5.6, rangeReason: 'Method range', correctionReason: 'Sample mix-up, re-run' },
  ]);
  expect(corrected.status).toBe(200);
  const again = await o.putResults([
    { patientId: o.patientId, analysisId: cbc, value: 8.1, refLow: 3.9, refHigh: 5.6, rangeReason: 'Method range', correctionReason: 'Calibration checked' },
  ]);
  expect(again.status).toBe(200);

  const page = await api.call('GET', `${B}/test-results/${o.orderId}/patients/${o.patientId}`, { token: o.user.token });
  const result = page.body.results[0];
  expect(result).toMatchObject({ value: 8.1, interpretation: 'H', correctedAt: expect.any(String) });
  const detail = await api.call('GET', `${B}/test-results/${o.orderId}/patients/${o.patientId}/analysis-results/${result.id}`, { token: o.user.token });
  expect(detail.body.revisions).toEqual([
    expect.objectContaining({ value: 5.2, interpretation: 'N', reason: 'Sample mix-up, re-run' }),
    expect.objectContaining({ value: 7.9, interpretation: 'H', reason: 'Calibration checked' }),
  ]);
  const kept = await tdb.db.selectFrom('analysis_result_revisions').selectAll().where('result_id', '=', result.id).orderBy('id').execute();
  expect(kept.map((k) => [k.value_num, k.entered_by, k.replaced_by, k.reason])).toEqual([
    [5.2, o.staff.id, o.staff.id, 'Sample mix-up, re-run'],
    [7.9, o.staff.id, o.staff.id, 'Calibration checked'],
  ]);

  const pdf = `${B}/test-results/${o.orderId}/patients/${o.patientId}/pdf`;
  expect(await pdfText(pdf, o.user.token)).toMatch(/Corrected on \d+ \w+ \d{4}/);
  expect(await pdfText(pdf, o.user.token, 'ru')).toContain('Исправлено');
  expect(await pdfText(pdf, o.user.token, 'pl')).toContain('Poprawiono');
});

test('a flag sent by staff never replaces the computed one', async () => {
  const o = await placedOrder();
  // CBC of this fixture has no interval: give one, and claim "normal" for a value above it.
  const res = await o.putResults([{ patientId: o.patientId, analysisId: fx.analyses.cbc, value: 9.4, refLow: 3.9, refHigh: 5.6, rangeReason: 'Method range', flag: 'normal' }]);
  expect(res.status).toBe(200);
  const page = await api.call('GET', `${B}/test-results/${o.orderId}/patients/${o.patientId}`, { token: o.user.token });
  expect(page.body.results[0]).toMatchObject({ value: 9.4, flag: 'high', interpretation: 'H' });
  expect(page.body.testResult.flaggedCount).toBe(1);
});
