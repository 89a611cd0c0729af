import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createMigrator, openDb } from '@/server/db/createDb';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { consentFor, createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { localDay, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { applyDemoScience } from '@/server/db/science';

/**
 * Intervals by sex and age on the sampling day, the server's interpretation (N/L/H/LL/HH/A) and the
 * migration that brought them, over the real routes on SQLite and PostgreSQL.
 */
let tdb: TestDb;
let api: TestApiServer;
const sent: { to: string; subject: string; text: string; html?: string }[] = [];
jest.mock('@/server/mail/mailer', () => ({
  ...jest.requireActual<object>('../mail/mailer'),
  sendMail: jest.fn(async (mail: { to: string; subject: string; text: string }) => {
    sent.push(mail);
  }),
}));

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

/** `YYYY-MM-DD` shifted by whole years and days. */
function shift(day: string, years: number, days = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d + days)).toISOString().slice(0, 10);
}

async function setup() {
  const labId = await createLab(tdb.db);
  const country = (await tdb.db.selectFrom('laboratories').select('country').where('id', '=', labId).executeTakeFirstOrThrow()).country;
  const creatinine = await createAnalysis(tdb.db, {
    name: 'Creatinine',
    unit: 'µmol/L',
    ucum: 'umol/L',
    loinc: '14682-9',
    refLow: 62,
    refHigh: 115,
    criticalHigh: 700,
    ranges: [
      { maxAge: 17, low: 44, high: 88 },
      { gender: 'male', low: 62, high: 106 },
      { gender: 'female', low: 44, high: 80 },
    ],
  });
  const hiv = await createAnalysis(tdb.db, { name: 'HIV 1/2', unit: null, refLow: null, refHigh: null, ranges: [{ text: 'negative' }] });
  const potassium = await createAnalysis(tdb.db, { name: 'Potassium', unit: 'mmol/L', criticalLow: 2.8, criticalHigh: 6.2, ranges: [{ low: 3.5, high: 5.1 }] });
  const owner = await createUser(tdb.db, { firstName: 'Anna' });
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: labId });
  const slot = await createSlot(tdb.db, labId, 50);
  const day = localDay(new Date(slot.start), timeZoneOf(country));
  return { labId, creatinine, hiv, potassium, owner, staff, slot, day };
}

async function toInLab(token: string, orderId: number) {
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await api.call('POST', `/api/backend/staff/orders/${orderId}/status`, { token, body: { status } })).status).toBe(200);
  }
}

test('the interval follows sex and age on the sampling day; the 18th birthday on that day counts as adult', async () => {
  const s = await setup();
  const adultToday = await createPatient(tdb.db, s.owner.id, { gender: 'male', dateOfBirth: shift(s.day, -18) });
  const adultTomorrow = await createPatient(tdb.db, s.owner.id, { gender: 'male', dateOfBirth: shift(s.day, -18, 1) });
  const woman = await createPatient(tdb.db, s.owner.id, { gender: 'female', dateOfBirth: '1980-05-05' });
  for (const adult of [adultToday, woman]) await consentFor(tdb.db, s.owner.id, adult);
  const order = await createOrder(tdb.db, {
    userId: s.owner.id,
    laboratoryId: s.labId,
    slotId: s.slot.id,
    lines: [adultToday, adultTomorrow, woman].map((patientId) => ({ patientId, analysisId: s.creatinine })),
  });
  await toInLab(s.staff.token, order.id);

  // What the console prefills: each patient's own interval.
  const console = await api.call('GET', `/api/backend/staff/orders/${order.id}`, { token: s.staff.token });
  const prefill = Object.fromEntries(
    console.body.patients.map((p: { id: number; analyses: { defaultRefLow: number; defaultRefHigh: number }[] }) => [p.id, [p.analyses[0]?.defaultRefLow, p.analyses[0]?.defaultRefHigh]]),
  );
  expect(prefill).toEqual({ [adultToday]: [62, 106], [adultTomorrow]: [44, 88], [woman]: [44, 80] });

  const res = await api.call('POST', '/api/backend/staff/results/import', {
    token: s.staff.token,
    body: { orderNumber: order.number, results: [{ patientId: adultToday, analysisCode: 'NO-SUCH', value: 95 }] },
  });
  // Unknown code: nothing written.
  expect(res.status).toBe(400);
  expect(await tdb.db.selectFrom('analysis_results').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);
  const code = (await tdb.db.selectFrom('analyses').select('code').where('id', '=', s.creatinine).executeTakeFirstOrThrow()).code;
  const ok = await api.call('POST', '/api/backend/staff/results/import', {
    token: s.staff.token,
    body: { orderNumber: order.number, results: [adultToday, adultTomorrow, woman].map((patientId) => ({ patientId, analysisCode: code, value: 95 })) },
  });
  expect(ok.status).toBe(200);
  const rows = await tdb.db.selectFrom('analysis_results').selectAll().where('order_id', '=', order.id).execute();
  const byPatient = Object.fromEntries(rows.map((r) => [r.patient_id, [r.ref_low, r.ref_high, r.interpretation, r.range_source]]));
  expect(byPatient).toEqual({
    [adultToday]: [62, 106, 'N', 'catalogue'],
    [adultTomorrow]: [44, 88, 'H', 'catalogue'],
    [woman]: [44, 80, 'H', 'catalogue'],
  });
});

test('critical values are LL / HH and marked everywhere; the mail says to contact a doctor promptly; text results are A when unexpected', async () => {
  const s = await setup();
  const patient = await createPatient(tdb.db, s.owner.id, { gender: 'female', dateOfBirth: '1990-01-01', firstName: 'Ola', isUser: true });
  const order = await createOrder(tdb.db, {
    userId: s.owner.id,
    laboratoryId: s.labId,
    slotId: s.slot.id,
    useEmail: true,
    lines: [s.potassium, s.hiv, s.creatinine].map((analysisId) => ({ patientId: patient, analysisId })),
  });
  await toInLab(s.staff.token, order.id);
  sent.length = 0;
  const res = await api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
    token: s.staff.token,
    body: {
      entries: [
        { patientId: patient, analysisId: s.potassium, value: 6.9 },
        { patientId: patient, analysisId: s.hiv, value: 'reactive' },
        { patientId: patient, analysisId: s.creatinine, value: 60 },
      ],
    },
  });
  expect(res.status).toBe(200);
  const mine = await api.call('GET', `/api/backend/test-results/${order.id}/patients/${patient}`, { token: s.owner.token });
  const byName = Object.fromEntries(mine.body.results.map((r: { analysisName: string }) => [r.analysisName, r]));
  expect(byName.Potassium).toMatchObject({ interpretation: 'HH', flag: 'critical', critical: true, refLow: 3.5, refHigh: 5.1 });
  expect(byName['HIV 1/2']).toMatchObject({ interpretation: 'A', flag: 'abnormal', critical: false, refText: 'negative' });
  expect(byName.Creatinine).toMatchObject({ interpretation: 'N', critical: false });
  const sets = await api.call('GET', '/api/backend/test-results', { token: s.owner.token });
  expect(sets.body.find((x: { id: number }) => x.id === order.id)).toMatchObject({ criticalCount: 1, flaggedCount: 2 });
  const set = await api.call('GET', `/api/backend/test-results/${order.id}`, { token: s.owner.token });
  expect(set.body.patients[0]).toMatchObject({ criticalCount: 1, flaggedCount: 2 });
  expect(byName.Potassium.explanation.en.doctor).toMatch(/doctor/);
  expect(byName.Potassium.explanation.pl.measures).toBeTruthy();
  const mail = sent.find((m) => m.to === s.owner.email && /important/i.test(m.subject));
  expect(mail?.subject).toBe('Important: a new result needs your attention');
  expect(mail?.text).toMatch(/contact a doctor promptly/i);
  // The alert names no analysis and no value (whoever reads the mailbox learns nothing of health).
  expect(mail?.text).not.toContain('Potassium');
  expect(mail?.text).not.toMatch(/6[.,]9/);

  const low = await api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, { token: s.staff.token, body: { entries: [{ patientId: patient, analysisId: s.potassium, value: 2.7, correctionReason: 'Repeated on a fresh sample' }] } });
  expect(low.status).toBe(200);
  const row = await tdb.db.selectFrom('analysis_results').select(['interpretation', 'flag']).where('order_id', '=', order.id).where('analysis_id', '=', s.potassium).executeTakeFirstOrThrow();
  expect(row).toEqual({ interpretation: 'LL', flag: 'critical' });
});

test('the science migration keeps existing results and their stored range, and fills the demo catalogue', async () => {
  const url = process.env.DATABASE_URL;
  const id = crypto.randomBytes(4).toString('hex');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-migration-'));
  const pg = Boolean(url && url.startsWith('postgres'));
  const schema = `mig_${id}`;
  const handle = await openDb(pg ? { kind: 'postgres', url: url as string, schema } : { kind: 'sqlite', file: path.join(tmp, 'old.sqlite') });
  const migrator = createMigrator(handle.db, pg ? schema : undefined);
  try {
    expect((await migrator.migrateTo('0003_patients_one_self')).error).toBeUndefined();
    const db = handle.db;
    // A database as it was before: the demo glucose with its single default range and a legacy result.
    const t = new Date().toISOString();
    const list = await db.insertInto('price_lists').values({ name: 'l', currency: 'PLN', created: t, updated: t }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('laboratories')
      .values({ id: 'lab-old', city_name: 'Warszawa', country: 'PL', address: 'x', email: 'lab@example.com', about_link: '', phone: '', latitude: 52, longitude: 21, price_list_id: list.id, visit_fee_minor: 0 })
      .execute();
    const analysis = await db
      .insertInto('analyses')
      .values({ code: 'GB004', name: 'Glucose (fasting)', search_text: 'gb004 glucose', description: '', exec_period: 1, fasting_hours: 8, preparation: '', restriction_gender: null, restriction_min_age: null, restriction_max_age: null, result_unit: 'mmol/L', ref_low: 3.9, ref_high: 5.6 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({ email: `old-${id}@example.com`, password_hash: 'x', first_name: 'A', last_name: 'B', phone: null, date_of_birth: null, email_confirmed: 1, role: 'patient', staff_laboratory_id: null, laboratory_id: null, locale: null, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const patient = await db
      .insertInto('patients')
      .values({ user_id: user.id, is_user: 1, first_name: 'A', last_name: 'B', gender: 'female', date_of_birth: '1980-01-01', email: null, phone: null, country: 'PL', region: '', locality: '', district: '', street: '', house_number: '', entrance_number: '', floor_number: '', apartment_number: '', address_notes: '', created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const slot = await db.insertInto('nurse_slots').values({ laboratory_id: 'lab-old', start_at: t, end_at: t, capacity: 2, booked: 1 }).returning('id').executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        number: `OLD-${id}`, user_id: user.id, laboratory_id: 'lab-old', slot_id: slot.id, status: 'completed', currency: 'PLN', subtotal_minor: 0, delivery_price_minor: 0, total_minor: 0, payment_mode: 'cash',
        nurse_checkout_date: t, address_country: 'PL', address_city: '', address_street: '', address_entry: '', address_floor: '', address_apartment: '', address_intercom_code: '', address_notes: '',
        feedback_use_email: 0, feedback_use_phone: 0, feedback_quick_phone: '', idempotency_key: null, created_at: t, updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into analysis_results (order_id, patient_id, analysis_id, value_num, value_text, unit, ref_low, ref_high, ref_text, flag, comment, entered_by, entered_at)
      values (${order.id}, ${patient.id}, ${analysis.id}, ${1.2}, ${null}, 'mmol/L', ${4.1}, ${5.9}, '', 'critical', 'kept', ${null}, ${t})`.execute(db);

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const a = await db.selectFrom('analyses').select(['loinc', 'ucum_unit', 'critical_low', 'critical_high', 'ref_low', 'ref_high']).where('id', '=', analysis.id).executeTakeFirstOrThrow();
    expect(a).toEqual({ loinc: '14771-0', ucum_unit: 'mmol/L', critical_low: 2.5, critical_high: 25, ref_low: 3.9, ref_high: 5.6 });
    expect(await db.selectFrom('analysis_reference_ranges').select(['low', 'high', 'gender']).where('analysis_id', '=', analysis.id).execute()).toEqual([{ low: 3.9, high: 5.6, gender: null }]);
    const kept = await db.selectFrom('analysis_results').select(['value_num', 'ref_low', 'ref_high', 'flag', 'interpretation', 'range_source', 'comment']).executeTakeFirstOrThrow();
    expect(kept).toEqual({ value_num: 1.2, ref_low: 4.1, ref_high: 5.9, flag: 'critical', interpretation: 'LL', range_source: 'legacy', comment: 'kept' });
    // The backfill runs once: intervals already present are left alone.
    expect(await applyDemoScience(db)).toBe(0);
  } finally {
    if (pg) await sql.raw(`drop schema if exists ${schema} cascade`).execute(handle.db);
    await handle.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
