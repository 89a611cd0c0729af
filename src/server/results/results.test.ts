import { setUpApiSuite } from '@/server/testing/shopSuite';
import { consentFor, createAnalysis, createLab, createOrder, createPatient, createScenario, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * The order lifecycle, staff console and test results over the real API routes, on SQLite and
 * (with DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

interface SentMail {
  to: string;
  subject: string;
  text: string;
}
const sent: SentMail[] = [];
// The mail transport is the boundary here: the outbox's mails are recorded instead of delivered.
jest.mock('@/server/mail/mailer', () => ({
  ...jest.requireActual<object>('../mail/mailer'),
  sendMail: jest.fn(async (mail: SentMail) => {
    sent.push(mail);
  }),
}));

const mailsTo = (email: string): string[] => sent.filter((m) => m.to === email).map((m) => `${m.subject}\n${m.text}`);

async function scenario(opts: { hours?: number; useEmail?: boolean } = {}) {
  const s = await createScenario(suite.db.db);
  const slot = await createSlot(suite.db.db, s.labId, opts.hours ?? 72);
  const order = await createOrder(suite.db.db, {
    userId: s.owner.id,
    laboratoryId: s.labId,
    slotId: slot.id,
    useEmail: opts.useEmail,
    lines: [
      { patientId: s.patientId, analysisId: s.glucose },
      { patientId: s.patientId, analysisId: s.tsh },
    ],
  });
  return { ...s, slot, order };
}

const staffStatus = (token: string, orderId: number, status: string) => suite.api.call('POST', `/api/backend/staff/orders/${orderId}/status`, { token, body: { status } });

async function toInLab(token: string, orderId: number) {
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    const res = await staffStatus(token, orderId, status);
    expect(res.status).toBe(200);
  }
}

describe('access rules', () => {
  test('the owner reads the order; another patient gets 404; staff of the lab reads it; staff of another lab gets 404', async () => {
    const s = await scenario();
    const other = await createUser(suite.db.db);
    const otherLab = await createLab(suite.db.db);
    const foreignStaff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: otherLab });

    const own = await suite.api.call('GET', '/api/backend/orders', { token: s.owner.token });
    expect(own.status).toBe(200);
    expect(own.body.map((o: { id: number }) => o.id)).toEqual([s.order.id]);
    expect((await suite.api.call('GET', '/api/backend/orders', { token: other.token })).body).toEqual([]);

    const detail = await suite.api.call('GET', `/api/backend/orders/${s.order.id}`, { token: s.owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.status).toBe('placed');
    expect(detail.body.patients[0].lines).toHaveLength(2);
    expect(detail.body.events.map((e: { status: string }) => e.status)).toEqual(['placed']);
    expect(detail.body.canChangeVisit).toBe(true);

    expect((await suite.api.call('GET', `/api/backend/orders/${s.order.id}`, { token: other.token })).status).toBe(404);
    expect((await suite.api.call('GET', `/api/backend/orders/${s.order.id}`, { token: foreignStaff.token })).status).toBe(404);
    expect((await suite.api.call('GET', `/api/backend/orders/${s.order.id}`, { token: s.staff.token })).status).toBe(200);
    expect((await suite.api.call('POST', `/api/backend/orders/${s.order.id}/cancel`, { token: other.token })).status).toBe(404);
    expect((await suite.api.call('GET', `/api/backend/orders/${s.order.id}`)).status).toBe(401);
    expect((await suite.api.call('GET', '/api/backend/orders/abc', { token: s.owner.token })).status).toBe(400);

    // Staff endpoints: non-staff 403, staff of another laboratory 404.
    expect((await suite.api.call('GET', '/api/backend/staff/orders?date=2026-01-01', { token: s.owner.token })).status).toBe(403);
    expect((await suite.api.call('GET', `/api/backend/staff/orders/${s.order.id}`, { token: s.owner.token })).status).toBe(403);
    expect((await staffStatus(s.owner.token, s.order.id, 'visit_confirmed')).status).toBe(403);
    expect((await suite.api.call('POST', '/api/backend/staff/results/import', { token: s.owner.token, body: {} })).status).toBe(403);
    expect((await suite.api.call('GET', `/api/backend/staff/orders/${s.order.id}`, { token: foreignStaff.token })).status).toBe(404);
    expect((await staffStatus(foreignStaff.token, s.order.id, 'visit_confirmed')).status).toBe(404);
    const foreignList = await suite.api.call('GET', `/api/backend/staff/orders?date=${s.slot.start.slice(0, 10)}`, { token: foreignStaff.token });
    expect(foreignList.body).toEqual([]);
    const list = await suite.api.call('GET', `/api/backend/staff/orders?date=${s.slot.start.slice(0, 10)}`, { token: s.staff.token });
    expect(list.status).toBe(200);
    expect(list.body.map((o: { id: number }) => o.id)).toContain(s.order.id);
    expect((await suite.api.call('GET', '/api/backend/staff/orders?date=tomorrow', { token: s.staff.token })).status).toBe(400);
  });

  test('results: the owner reads every level; another patient and foreign staff get 404', async () => {
    const s = await scenario();
    await toInLab(s.staff.token, s.order.id);
    const put = await suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
      token: s.staff.token,
      body: { entries: [{ patientId: s.patientId, analysisId: s.glucose, value: 7.1 }] },
    });
    expect(put.status).toBe(200);
    const resultId: number = put.body.patients[0].analyses[0].result.id;
    const other = await createUser(suite.db.db);
    const foreignStaff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: await createLab(suite.db.db) });
    const base = `/api/backend/test-results/${s.order.id}`;
    const paths = [base, `${base}/patients/${s.patientId}`, `${base}/patients/${s.patientId}/analysis-results/${resultId}`, `${base}/patients/${s.patientId}/pdf`];
    for (const p of paths) {
      expect((await suite.api.call('GET', p, { token: s.owner.token })).status).toBe(200);
      expect((await suite.api.call('GET', p, { token: other.token })).status).toBe(404);
      expect((await suite.api.call('GET', p, { token: foreignStaff.token })).status).toBe(404);
    }
    expect((await suite.api.call('GET', `${base}/patients/999999`, { token: s.owner.token })).status).toBe(404);
    expect((await suite.api.call('GET', '/api/backend/test-results', { token: other.token })).body).toEqual([]);
  });
});

describe('status changes', () => {
  test('forward steps with events and actor; no skipping, no going back, nothing after cancel', async () => {
    const s = await scenario();
    // Each refusal carries its code: the console says it in the staff member's language.
    expect((await staffStatus(s.staff.token, s.order.id, 'sample_collected')).body).toMatchObject({ code: 'status_skips' });
    const confirmed = await staffStatus(s.staff.token, s.order.id, 'visit_confirmed');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('visit_confirmed');
    expect(confirmed.body.nextStatuses).toEqual(['sample_collected', 'cancelled']);
    expect((await staffStatus(s.staff.token, s.order.id, 'placed')).body).toMatchObject({ code: 'status_backwards' });
    expect((await staffStatus(s.staff.token, s.order.id, 'bogus')).status).toBe(400);

    const events = await suite.db.db.selectFrom('order_status_events').selectAll().where('order_id', '=', s.order.id).orderBy('id').execute();
    expect(events.map((e) => [e.status, e.actor_user_id])).toEqual([
      ['placed', s.owner.id],
      ['visit_confirmed', s.staff.id],
    ]);
    const mails = mailsTo(s.owner.email);
    expect(mails.some((m) => m.includes('nurse visit is confirmed'))).toBe(true);

    const cancelled = await staffStatus(s.staff.token, s.order.id, 'cancelled');
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.nextStatuses).toEqual([]);
    expect((await staffStatus(s.staff.token, s.order.id, 'sample_collected')).status).toBe(409);
    const slot = await suite.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', s.slot.id).executeTakeFirstOrThrow();
    expect(slot.booked).toBe(0);
  });

  test('the status mails are in the language the patient saved on the account', async () => {
    const s = await scenario();
    const saved = await suite.api.call('PUT', `/api/backend/users/${s.owner.id}`, { token: s.owner.token, body: { locale: 'ru' } });
    expect(saved.status).toBe(200);
    expect(saved.body.locale).toBe('ru');
    // The staff member's own language does not matter: the mail follows the recipient's locale.
    const confirmed = await suite.api.call('POST', `/api/backend/staff/orders/${s.order.id}/status`, { token: s.staff.token, body: { status: 'visit_confirmed' }, headers: { Cookie: 'lang=pl' } });
    expect(confirmed.status).toBe(200);
    const visit = sent.find((m) => m.to === s.owner.email && m.subject === `Визит медсестры подтверждён (заказ ${s.order.number})`);
    expect(visit?.text).toContain('Здравствуйте, Anna!');
    expect(visit?.text).toContain(`http://localhost:3000/orders/${s.order.id}`);
    const day = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Warsaw', day: 'numeric', month: 'long' }).format(new Date(s.slot.start));
    expect(visit?.text).toContain(day);

    for (const status of ['sample_collected', 'in_lab']) expect((await staffStatus(s.staff.token, s.order.id, status)).status).toBe(200);
    const enter = (analysisId: number, value: number) =>
      suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, { token: s.staff.token, body: { entries: [{ patientId: s.patientId, analysisId, value }] } });
    expect((await enter(s.glucose, 5.1)).body.status).toBe('partial_results');
    // "Results ready" is mailed once, when the last result is final: not for the first of two.
    expect(sent.find((m) => m.to === s.owner.email && m.subject === 'В вашем личном кабинете готовы новые результаты')).toBeUndefined();

    // Switching to Polish later changes the language of the next mail.
    expect((await suite.api.call('PUT', `/api/backend/users/${s.owner.id}`, { token: s.owner.token, body: { locale: 'pl' } })).status).toBe(200);
    expect((await enter(s.tsh, 1.2)).body.status).toBe('completed');
    const complete = sent.find((m) => m.to === s.owner.email && m.subject === 'Na Twoim koncie są nowe wyniki');
    expect(complete?.text).toContain('Na Twoim koncie są nowe wyniki. Zaloguj się, aby je przeczytać.');
    expect(complete?.text).toContain(`http://localhost:3000/test-results/${s.order.id}/patients`);
    expect(mailsTo(s.owner.email).some((m) => m.includes('New results are ready in your account'))).toBe(false);
  });

  test('no visit mail when the patient did not choose e-mail', async () => {
    const s = await scenario({ useEmail: false });
    expect((await staffStatus(s.staff.token, s.order.id, 'visit_confirmed')).status).toBe(200);
    expect(mailsTo(s.owner.email)).toEqual([]);
  });

  test('results can only be entered once samples are collected; entering moves to partial, then completed, and mails', async () => {
    const s = await scenario();
    const early = await suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
      token: s.staff.token,
      body: { entries: [{ patientId: s.patientId, analysisId: s.glucose, value: 5 }] },
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('results_not_yet');
    await toInLab(s.staff.token, s.order.id);
    const notAll = await staffStatus(s.staff.token, s.order.id, 'completed');
    expect(notAll.status).toBe(409);
    expect(notAll.body.code).toMatch(/^status_needs_(all_)?results$/);

    const first = await suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
      token: s.staff.token,
      body: { entries: [{ patientId: s.patientId, analysisId: s.glucose, value: 7.1 }] },
    });
    expect(first.body.status).toBe('partial_results');
    const second = await suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
      token: s.staff.token,
      body: { entries: [{ patientId: s.patientId, analysisId: s.tsh, value: '<0.01' }] },
    });
    expect(second.body.status).toBe('completed');
    expect(second.body.nextStatuses).toEqual([]);
    const events = await suite.db.db.selectFrom('order_status_events').select('status').where('order_id', '=', s.order.id).orderBy('id').execute();
    expect(events.map((e) => e.status)).toEqual(['placed', 'visit_confirmed', 'sample_collected', 'in_lab', 'partial_results', 'completed']);
    const order = await suite.db.db.selectFrom('orders').select('status').where('id', '=', s.order.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('completed');
    const mails = mailsTo(s.owner.email);
    expect(mails.filter((m) => m.includes('New results are ready in your account'))).toHaveLength(1);
    expect((await staffStatus(s.staff.token, s.order.id, 'cancelled')).status).toBe(409);

    // A line that is not in the order is refused with the field named.
    const stray = await suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
      token: s.staff.token,
      body: { entries: [{ patientId: s.patientId, analysisId: 999999, value: 1 }] },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.fields).toHaveProperty(['entries[0]']);
  });
});

describe('flags and values', () => {
  test('flags come from the interval; a different range needs a reason that is kept; the sender\'s flag only where nothing can judge', async () => {
    const s = await scenario();
    // A written report (free text, as the catalogue says): only where nothing can judge does the sender's flag count.
    const extra = await createAnalysis(suite.db.db, { name: 'Sample report', refLow: null, refHigh: null, unit: null, reportsText: true });
    const slot = await createSlot(suite.db.db, s.labId, 96);
    const order = await createOrder(suite.db.db, {
      userId: s.owner.id,
      laboratoryId: s.labId,
      slotId: slot.id,
      lines: [s.glucose, s.tsh, extra].map((analysisId) => ({ patientId: s.patientId, analysisId })),
    });
    await toInLab(s.staff.token, order.id);
    const put = (entries: unknown[]) => suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, { token: s.staff.token, body: { entries } });
    const noReason = await put([{ patientId: s.patientId, analysisId: s.tsh, value: 0.3, refLow: 0.5, refHigh: 5 }]);
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ 'entries[0].rangeReason': 'Give a reason for changing the reference range' });
    expect(await suite.db.db.selectFrom('analysis_results').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);

    const res = await put([
      { patientId: s.patientId, analysisId: s.glucose, value: 12 },
      { patientId: s.patientId, analysisId: s.tsh, value: 0.3, refLow: 0.5, refHigh: 5, unit: 'µIU/mL', rangeReason: 'Analyser method range' },
      { patientId: s.patientId, analysisId: extra, value: 'haemolysed', flag: 'abnormal', comment: 'Repeat' },
    ]);
    expect(res.status).toBe(200);
    const analyses = res.body.patients[0].analyses;
    const byId = new Map(analyses.map((a: { analysisId: number; result: unknown }) => [a.analysisId, a.result]));
    expect(byId.get(s.glucose)).toMatchObject({ value: 12, unit: 'mmol/L', refLow: 3.9, refHigh: 5.6, flag: 'high', interpretation: 'H', critical: false, rangeSource: 'catalogue' });
    expect(byId.get(s.tsh)).toMatchObject({ value: 0.3, unit: 'µIU/mL', refLow: 0.5, refHigh: 5, flag: 'low', interpretation: 'L', rangeSource: 'override', rangeReason: 'Analyser method range' });
    expect(byId.get(extra)).toMatchObject({ value: 'haemolysed', flag: 'abnormal', interpretation: 'A', comment: 'Repeat' });

    const bad = await put([{ patientId: s.patientId, analysisId: s.glucose, value: 5, refLow: 10, refHigh: 2, rangeReason: 'x' }]);
    expect(bad.status).toBe(400);
    const empty = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, { token: s.staff.token, body: { entries: [] } });
    expect(empty.status).toBe(400);
    const malformed = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, { token: s.staff.token, rawBody: '{"entries": [' });
    expect(malformed.status).toBe(400);
  });
});

describe('results import', () => {
  test('by order number and analysis code, idempotent, validated', async () => {
    const s = await scenario();
    const glucoseCode = (await suite.db.db.selectFrom('analyses').select('code').where('id', '=', s.glucose).executeTakeFirstOrThrow()).code;
    const tshCode = (await suite.db.db.selectFrom('analyses').select('code').where('id', '=', s.tsh).executeTakeFirstOrThrow()).code;
    await toInLab(s.staff.token, s.order.id);
    const body = {
      orderNumber: s.order.number,
      results: [
        { patientId: s.patientId, analysisCode: glucoseCode, value: 6.2 },
        { patientId: s.patientId, analysisCode: tshCode, value: 2.1, unit: 'mIU/L', refLow: 0.4, refHigh: 4 },
      ],
    };
    const first = await suite.api.call('POST', '/api/backend/staff/results/import', { token: s.staff.token, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ orderId: s.order.id, status: 'completed', saved: 2 });
    const again = await suite.api.call('POST', '/api/backend/staff/results/import', { token: s.staff.token, body });
    expect(again.body).toEqual({ orderId: s.order.id, status: 'completed', saved: 2 });
    const rows = await suite.db.db.selectFrom('analysis_results').selectAll().where('order_id', '=', s.order.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.analysis_id === s.glucose)?.flag).toBe('high');

    const unknown = await suite.api.call('POST', '/api/backend/staff/results/import', {
      token: s.staff.token,
      body: { orderNumber: s.order.number, results: [{ patientId: s.patientId, analysisCode: 'NOPE', value: 1 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty(['results[0].analysisCode']);
    const missing = await suite.api.call('POST', '/api/backend/staff/results/import', { token: s.staff.token, body: { orderNumber: 'NO-SUCH', results: body.results } });
    expect(missing.status).toBe(404);
    const invalid = await suite.api.call('POST', '/api/backend/staff/results/import', { token: s.staff.token, body: { orderNumber: s.order.number, results: [{ patientId: 'x', value: null }] } });
    expect(invalid.status).toBe(400);
    const foreignStaff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: await createLab(suite.db.db) });
    expect((await suite.api.call('POST', '/api/backend/staff/results/import', { token: foreignStaff.token, body })).status).toBe(404);
  });
});

describe('result levels', () => {
  test('list newest first, patients with counts, values with flags, history over two orders, PDF', async () => {
    const s = await scenario();
    const second = await createPatient(suite.db.db, s.owner.id, { firstName: 'Ирина', lastName: 'Смирнова', gender: 'female' });
    await consentFor(suite.db.db, s.owner.id, second);
    const earlySlot = await createSlot(suite.db.db, s.labId, 48);
    const earlier = await createOrder(suite.db.db, {
      userId: s.owner.id,
      laboratoryId: s.labId,
      slotId: earlySlot.id,
      createdAt: new Date(Date.now() - 86400000).toISOString(),
      lines: [{ patientId: s.patientId, analysisId: s.glucose }],
    });
    await toInLab(s.staff.token, earlier.id);
    await suite.api.call('PUT', `/api/backend/staff/orders/${earlier.id}/results`, { token: s.staff.token, body: { entries: [{ patientId: s.patientId, analysisId: s.glucose, value: 5.1 }] } });

    const slot = await createSlot(suite.db.db, s.labId, 100);
    const order = await createOrder(suite.db.db, {
      userId: s.owner.id,
      laboratoryId: s.labId,
      slotId: slot.id,
      lines: [
        { patientId: s.patientId, analysisId: s.glucose },
        { patientId: s.patientId, analysisId: s.tsh },
        { patientId: second, analysisId: s.tsh },
      ],
    });
    await toInLab(s.staff.token, order.id);
    const put = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
      token: s.staff.token,
      body: { entries: [{ patientId: s.patientId, analysisId: s.glucose, value: 7.4 }, { patientId: second, analysisId: s.tsh, value: 2 }] },
    });
    expect(put.status).toBe(200);

    const list = await suite.api.call('GET', '/api/backend/test-results', { token: s.owner.token });
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([order.id, earlier.id]);
    expect(list.body[0]).toMatchObject({ status: 'partial_results', resultCount: 2, analysisCount: 3, flaggedCount: 1, patientCount: 2 });

    const set = await suite.api.call('GET', `/api/backend/test-results/${order.id}`, { token: s.owner.token });
    expect(set.body.patients).toEqual([
      expect.objectContaining({ id: s.patientId, firstName: 'Łucja', analysisCount: 2, resultCount: 1, flaggedCount: 1 }),
      expect.objectContaining({ id: second, firstName: 'Ирина', analysisCount: 1, resultCount: 1, flaggedCount: 0 }),
    ]);

    const patient = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${s.patientId}`, { token: s.owner.token });
    expect(patient.body.results).toEqual([expect.objectContaining({ analysisName: 'Glucose', value: 7.4, unit: 'mmol/L', refLow: 3.9, refHigh: 5.6, flag: 'high' })]);
    expect(patient.body.pending).toEqual([expect.objectContaining({ analysisId: s.tsh, name: 'TSH' })]);

    const resultId = patient.body.results[0].id;
    const detail = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${s.patientId}/analysis-results/${resultId}`, { token: s.owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.description).toBe('About Glucose');
    expect(detail.body.history.map((h: { orderId: number; value: number }) => [h.orderId, h.value])).toEqual([
      [earlier.id, 5.1],
      [order.id, 7.4],
    ]);
    // A result of another patient through this patient's path is 404.
    const otherResult = (await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${second}`, { token: s.owner.token })).body.results[0].id;
    expect((await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${s.patientId}/analysis-results/${otherResult}`, { token: s.owner.token })).status).toBe(404);

    const pdf = await fetch(`${suite.api.url}/api/backend/test-results/${order.id}/patients/${second}/pdf`, { headers: { Authorization: `Bearer ${s.owner.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="results-/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('DejaVuSans');
    // The document speaks the request's language (the `lang` cookie). Its title is a PDF string:
    // plain bytes for ASCII, UTF-16 with a byte order mark otherwise.
    const pdfTitle = (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    expect(bytes.toString('latin1')).toContain('(Test results ');
    const ru = await fetch(`${suite.api.url}/api/backend/test-results/${order.id}/patients/${second}/pdf`, { headers: { Authorization: `Bearer ${s.owner.token}`, Cookie: 'lang=ru' } });
    const ruBytes = Buffer.from(await ru.arrayBuffer());
    expect(ruBytes.includes(pdfTitle('Результаты анализов '))).toBe(true);
    expect(ruBytes.toString('latin1')).not.toContain('(Test results ');

    // An order without results is not a result set.
    const bare = await createOrder(suite.db.db, { userId: s.owner.id, laboratoryId: s.labId, slotId: slot.id, lines: [{ patientId: s.patientId, analysisId: s.tsh }] });
    expect((await suite.api.call('GET', `/api/backend/test-results/${bare.id}`, { token: s.owner.token })).status).toBe(404);
  });
});
