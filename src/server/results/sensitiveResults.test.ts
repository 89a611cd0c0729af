import webpush from 'web-push';
import { getConfig, setConfigForTests } from '../config';
import { setUpApiSuite } from '../testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '../testing/orderFixtures';
import { soonToday } from '../testing/soonToday';
import { startFakePush, type FakePush } from '../testing/fakePush';
import { makeJobsDue } from '../testing/jobs';
import { runJobsOnce } from '@/server/jobList';
import { JOB } from '../jobs/specs';
import type { HeldResultDto } from '@/shared/types/staff';

/**
 * Sensitive results over the real API (SQLite and PostgreSQL): a sensitive result outside its range
 * is held from the patient until the laboratory's doctor releases it with a note (another
 * laboratory's staff get 404), or until 72 hours have passed (the job), when it shows with the
 * laboratory's phone; one in range shows marked `sensitive` (the page's "Show result" tap); hCG is
 * sensitive for a minor only; no push, mail subject or lock-screen text names the analysis.
 */
const suite = setUpApiSuite();
const B = '/api/backend';
let push: FakePush;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  push = await startFakePush();
  setConfigForTests({ ...getConfig(), push: { vapid: { ...vapid, subject: 'mailto:ops@example.test' }, serviceHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  setConfigForTests();
  await push.close();
});

async function sensitiveAnalysis(name: string, kind: 'always' | 'minor', opts: Parameters<typeof createAnalysis>[1]) {
  const id = await createAnalysis(suite.db.db, { name, ...opts });
  await suite.db.db.updateTable('analyses').set({ sensitive: kind }).where('id', '=', id).execute();
  return id;
}

async function world() {
  const lab = await createLab(suite.db.db);
  const hiv = await sensitiveAnalysis('HIV 1/2 antigen and antibodies', 'always', { unit: null, refLow: null, refHigh: null, ranges: [{ text: 'negative' }] });
  const psa = await sensitiveAnalysis('PSA (total)', 'always', { unit: 'ng/mL', refLow: 0, refHigh: 4 });
  const hcg = await sensitiveAnalysis('hCG (quantitative)', 'minor', { unit: 'IU/L', refLow: 0, refHigh: 5 });
  const owner = await createUser(suite.db.db, { firstName: 'Ewa' });
  const self = await createPatient(suite.db.db, owner.id, { firstName: 'Ewa', gender: 'female', dateOfBirth: '1985-03-03', isUser: true });
  const daughter = await createPatient(suite.db.db, owner.id, { firstName: 'Ola', gender: 'female', dateOfBirth: `${new Date().getUTCFullYear() - 15}-01-10` });
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const otherLab = await createLab(suite.db.db);
  const stranger = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: otherLab });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(suite.db.db, {
    userId: owner.id,
    laboratoryId: lab,
    slotId,
    status: 'in_lab',
    useEmail: true,
    lines: [
      { patientId: self, analysisId: hiv },
      { patientId: self, analysisId: psa },
      { patientId: self, analysisId: hcg },
      { patientId: daughter, analysisId: hcg },
    ],
  });
  return { lab, hiv, psa, hcg, owner, self, daughter, staff, stranger, order };
}

type World = Awaited<ReturnType<typeof world>>;

const resultsOf = async (w: World, patientId: number) => {
  const res = await suite.api.call('GET', `${B}/test-results/${w.order.id}/patients/${patientId}`, { token: w.owner.token });
  expect(res.status).toBe(200);
  return res.body as { results: { id: number; analysisName: string; value: unknown; sensitive?: boolean; release?: Record<string, string> }[]; pending: { name: string }[] };
};

async function enter(w: World) {
  const device = push.subscribe();
  expect((await suite.api.call('POST', `${B}/users/current/push-subscriptions`, { token: w.owner.token, body: device })).status).toBe(201);
  const res = await suite.api.call('PUT', `${B}/staff/orders/${w.order.id}/results`, {
    token: w.staff.token,
    body: {
      entries: [
        { patientId: w.self, analysisId: w.hiv, value: 'reactive' },
        { patientId: w.self, analysisId: w.psa, value: 1.2 },
        { patientId: w.self, analysisId: w.hcg, value: 80 },
        { patientId: w.daughter, analysisId: w.hcg, value: 80 },
      ],
    },
  });
  expect(res.status).toBe(200);
}

/** Every mail subject and push text the account has been sent: none names a sensitive analysis. */
async function expectNothingNamed(w: World) {
  await makeJobsDue(suite.db.db, JOB.pushSend);
  await runJobsOnce(suite.db.db);
  const mails = await suite.db.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', w.owner.email).execute();
  expect(mails.length).toBeGreaterThan(0);
  const texts = [...mails.map((m) => m.subject), ...push.received.flatMap((p) => [p.payload.title, p.payload.body])];
  for (const text of texts) for (const word of ['HIV', 'PSA', 'hCG', 'reactive', '80']) expect(text).not.toContain(word);
}

test('a sensitive result outside its range is held until the laboratory\'s doctor releases it with a note; one in range shows marked sensitive', async () => {
  const w = await world();
  await enter(w);
  const mine = await resultsOf(w, w.self);
  // HIV (reactive) is awaited; PSA in range shows, marked sensitive; hCG of an adult is not sensitive.
  expect(mine.results.map((r) => r.analysisName).sort()).toEqual(['PSA (total)', 'hCG (quantitative)']);
  expect(mine.pending.map((p) => p.name)).toEqual(['HIV 1/2 antigen and antibodies']);
  expect(mine.results.find((r) => r.analysisName === 'PSA (total)')).toMatchObject({ sensitive: true });
  expect(mine.results.find((r) => r.analysisName === 'PSA (total)')?.release).toBeUndefined();
  expect(mine.results.find((r) => r.analysisName === 'hCG (quantitative)')?.sensitive).toBeUndefined();
  // The daughter (15) has hCG held.
  expect((await resultsOf(w, w.daughter)).pending.map((p) => p.name)).toEqual(['hCG (quantitative)']);
  await expectNothingNamed(w);

  // The laboratory's staff see what is held; another laboratory's staff do not, and cannot release it.
  const list = await suite.api.call('GET', `${B}/staff/held-results`, { token: w.staff.token });
  expect(list.status).toBe(200);
  const held = (list.body as HeldResultDto[]).filter((h) => h.orderId === w.order.id);
  expect(held.map((h) => [h.analysisName, h.patientId, h.value])).toEqual([
    ['HIV 1/2 antigen and antibodies', w.self, 'reactive'],
    ['hCG (quantitative)', w.daughter, 80],
  ]);
  expect(new Date(held[0]!.releaseDue).getTime() - new Date(held[0]!.heldAt).getTime()).toBe(72 * 3600_000);
  expect(((await suite.api.call('GET', `${B}/staff/held-results`, { token: w.stranger.token })).body as HeldResultDto[]).filter((h) => h.orderId === w.order.id)).toEqual([]);
  const url = `${B}/staff/held-results/${held[0]!.resultId}/release`;
  const foreign = await suite.api.call('POST', url, { token: w.stranger.token, body: { note: 'x' } });
  expect(foreign.status).toBe(404);
  expect((await suite.api.call('POST', url, { token: w.owner.token, body: { note: 'x' } })).status).toBe(403);
  const blank = await suite.api.call('POST', url, { token: w.staff.token, body: { note: '  ' } });
  expect(blank.status).toBe(400);
  expect(blank.body.fields).toHaveProperty('note');
  expect((await resultsOf(w, w.self)).pending).toHaveLength(1);

  const note = 'Please call us to book a visit with the doctor; this test needs a confirmation.';
  const release = await suite.api.call('POST', url, { token: w.staff.token, body: { note } });
  expect(release.status).toBe(200);
  expect((await suite.api.call('POST', url, { token: w.staff.token, body: { note } })).status).toBe(409);
  const after = await resultsOf(w, w.self);
  expect(after.pending).toEqual([]);
  expect(after.results.find((r) => r.analysisName.startsWith('HIV'))).toMatchObject({ value: 'reactive', sensitive: true, release: { by: 'doctor', note } });
  // The patient was told, naming nothing.
  const released = await suite.db.db.selectFrom('mail_outbox').select('message_id').where('to_address', '=', w.owner.email).execute();
  expect(released.length).toBeGreaterThanOrEqual(2);
  await expectNothingNamed(w);
});

test('after 72 hours the job releases a held result with the laboratory\'s phone number', async () => {
  const w = await world();
  await enter(w);
  // Not run before its time: held.
  await runJobsOnce(suite.db.db);
  expect((await resultsOf(w, w.daughter)).pending).toHaveLength(1);
  await suite.db.db.updateTable('result_holds').set({ release_due: new Date(Date.now() - 1000).toISOString() }).where('order_id', '=', w.order.id).execute();
  await makeJobsDue(suite.db.db, JOB.sensitiveRelease);
  await runJobsOnce(suite.db.db);
  const after = await resultsOf(w, w.daughter);
  expect(after.pending).toEqual([]);
  expect(after.results[0]).toMatchObject({ value: 80, sensitive: true, release: { by: 'time', laboratoryPhone: '+48 22 000 00 00' } });
  const rows = await suite.db.db.selectFrom('result_holds').select(['released_at', 'released_by']).where('order_id', '=', w.order.id).execute();
  expect(rows.every((r) => r.released_at !== null && r.released_by === null)).toBe(true);
  await expectNothingNamed(w);
});
