import webpush from 'web-push';
import { getConfig, setConfigForTests } from '../config';
import { setUpApiSuite } from '../testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '../testing/orderFixtures';
import { startFakePush, type FakePush } from '../testing/fakePush';
import { makeJobsDue } from '../testing/jobs';
import { runJobsOnce } from '@/server/jobList';
import { JOB } from '../jobs/specs';
import type { OrderDetailDto } from '@/shared/types/results';

/**
 * Rejected samples and the free redraw over the real routes (SQLite and PostgreSQL): staff reject
 * with an HL7 table 0490 reason, the patient reads the reason in their language, gets one mail and
 * one push naming no analysis, books the redraw (a linked order at 0), a second booking answers the
 * first, a second rejection of a redrawn analysis goes to the laboratory's tasks, the nurse's day
 * shows the redraw, and the staff report counts rejections by reason and week.
 */
const suite = setUpApiSuite();

interface SentMail {
  to: string;
  subject: string;
  text: string;
}
const sent: SentMail[] = [];
jest.mock('../mail/mailer', () => ({
  ...jest.requireActual<object>('../mail/mailer'),
  sendMail: jest.fn(async (mail: SentMail) => {
    sent.push(mail);
  }),
}));

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

async function deliver(): Promise<void> {
  await makeJobsDue(suite.db.db, JOB.pushSend);
  await runJobsOnce(suite.db.db);
}

async function world() {
  const db = suite.db.db;
  const lab = await createLab(db);
  const ferritin = await createAnalysis(db, { name: 'Ferritin', refLow: 15, refHigh: 150, unit: 'ug/L' });
  const tsh = await createAnalysis(db, { name: 'TSH', refLow: 0.4, refHigh: 4, unit: 'mIU/L' });
  const lipids = await createAnalysis(db, { name: 'Lipid panel' });
  const owner = await createUser(db, { firstName: 'Ewa', lastName: 'Zielińska' });
  const stranger = await createUser(db);
  const patientId = await createPatient(db, owner.id, { firstName: 'Łucja', lastName: 'Żółć' });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const otherStaff = await createUser(db, { role: 'staff', staffLaboratoryId: await createLab(db) });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const slot = await createSlot(db, lab, 2);
  const order = await createOrder(db, {
    userId: owner.id,
    laboratoryId: lab,
    slotId: slot.id,
    status: 'in_lab',
    lines: [
      { patientId, analysisId: ferritin },
      { patientId, analysisId: tsh },
      { patientId, analysisId: lipids },
    ],
  });
  await db.updateTable('orders').set({ address_postal_code: '00-683', address_intercom_code: '15K' }).where('id', '=', order.id).execute();
  const device = push.subscribe();
  expect((await suite.api.call('POST', `${B}/users/current/push-subscriptions`, { token: owner.token, body: device })).status).toBe(201);
  return { lab, ferritin, tsh, lipids, owner, stranger, patientId, staff, otherStaff, nurse, order, device };
}

const reject = (token: string, orderId: number, body: unknown) => suite.api.call('POST', `${B}/staff/orders/${orderId}/rejections`, { token, body });
const detail = async (token: string, orderId: number, lang = 'en') => {
  const res = await suite.api.call('GET', `${B}/orders/${orderId}`, { token, headers: { cookie: `lang=${lang}` } });
  expect(res.status).toBe(200);
  return res.body as OrderDetailDto;
};
const lineOf = (o: OrderDetailDto, analysisId: number) => o.patients.flatMap((p) => p.lines).find((l) => l.analysisId === analysisId);
const noHealthData = (text: string) => {
  for (const word of ['Ferritin', 'TSH', 'Łucja', 'Żółć', 'Zielińska', 'haemolysis', 'RH']) expect(text).not.toContain(word);
};

async function futureSlot(lab: string, hours: number) {
  const slot = await createSlot(suite.db.db, lab, hours);
  return { orderSlotId: slot.id, nurseCheckoutDate: slot.start };
}

test('staff reject with a table 0490 reason: 201; the order shows the reason in the reader language and offers a redraw; one mail and one push naming nothing', async () => {
  const w = await world();
  // Bad input and other callers first: nothing written.
  const outside = await reject(w.staff.token, w.order.id, { analysisIds: [w.ferritin], reason: 'XX' });
  expect(outside.status).toBe(400);
  expect(outside.body.fields).toHaveProperty('reason');
  expect((await reject(w.staff.token, w.order.id, { analysisIds: [], reason: 'RH' })).body.fields).toHaveProperty('analysisIds');
  expect((await reject(w.otherStaff.token, w.order.id, { analysisIds: [w.ferritin], reason: 'RH' })).status).toBe(404);
  expect((await reject(w.nurse.token, w.order.id, { analysisIds: [w.ferritin], reason: 'RH' })).status).toBe(403);
  expect((await reject(w.owner.token, w.order.id, { analysisIds: [w.ferritin], reason: 'RH' })).status).toBe(403);
  const unknown = await reject(w.staff.token, w.order.id, { analysisIds: [w.ferritin, 999999], reason: 'RH' });
  expect(unknown.status).toBe(409);
  expect(unknown.body.fields).toEqual({ 'analysisIds[1]': 'This analysis is not in the order' });
  // TSH has a result: its sample cannot be rejected any more.
  expect((await suite.api.call('PUT', `${B}/staff/orders/${w.order.id}/results`, { token: w.staff.token, body: { entries: [{ patientId: w.patientId, analysisId: w.tsh, value: 2.1 }] } })).status).toBe(200);
  const resulted = await reject(w.staff.token, w.order.id, { analysisIds: [w.tsh], reason: 'QS' });
  expect(resulted.status).toBe(409);
  expect(resulted.body.fields).toEqual({ 'analysisIds[0]': 'This analysis already has a result' });
  expect(await suite.db.db.selectFrom('sample_rejections').selectAll().where('order_id', '=', w.order.id).execute()).toEqual([]);

  const ok = await reject(w.staff.token, w.order.id, { analysisIds: [w.ferritin], reason: 'RH', note: 'Pink serum' });
  expect(ok.status).toBe(201);
  expect(ok.body).toEqual({ orderId: w.order.id, rejected: [{ patientId: w.patientId, analysisId: w.ferritin, reason: 'RH' }], staffTask: false });
  expect((await reject(w.staff.token, w.order.id, { analysisIds: [w.ferritin], reason: 'RC' })).body.fields).toEqual({ 'analysisIds[0]': 'The sample of this analysis is already rejected' });

  const en = await detail(w.owner.token, w.order.id);
  expect(lineOf(en, w.ferritin)?.sample).toEqual({ status: 'rejected', reason: 'RH', reasonText: 'The blood sample broke down (haemolysis) before it could be tested.' });
  expect(lineOf(en, w.tsh)?.sample).toEqual({ status: 'ok' });
  expect(lineOf(en, w.tsh)?.hasResult).toBe(true);
  expect(en.redraw?.available).toBe(true);
  expect(Date.parse(en.redraw?.deadline ?? '') - Date.now()).toBeGreaterThan(13 * 86_400_000);
  expect(en.redraw?.orderId).toBeUndefined();
  expect(lineOf(await detail(w.owner.token, w.order.id, 'pl'), w.ferritin)?.sample?.reasonText).toBe('Próbka krwi uległa rozpadowi (hemoliza), zanim zdążono ją zbadać.');
  expect(lineOf(await detail(w.owner.token, w.order.id, 'ru'), w.ferritin)?.sample?.reasonText).toBe('Проба крови разрушилась (гемолиз), прежде чем её успели исследовать.');
  // Staff of the laboratory read the order too, but the offer is the owner's.
  expect((await detail(w.staff.token, w.order.id)).redraw?.available).toBe(false);

  // A second rejection in the same order does not tell again: one mail, one push.
  expect((await reject(w.staff.token, w.order.id, { analysisIds: [w.lipids], reason: 'QS' })).status).toBe(201);
  await deliver();
  const mails = sent.filter((m) => m.to === w.owner.email);
  expect(mails.map((m) => m.subject)).toEqual(['A sample needs to be taken again']);
  expect(mails[0]?.text).toContain(`/orders/${w.order.id}`);
  expect(mails[0]?.text).toContain('free of charge');
  noHealthData(mails[0]?.text ?? '');
  const pushes = (await push.waitFor(1)).filter((p) => p.endpoint === w.device.endpoint);
  expect(pushes.map((p) => p.payload.body)).toEqual(['One of your samples could not be tested. Book a free second visit in your order.']);
  expect(pushes[0]?.payload.url).toBe(`/orders/${w.order.id}`);
  noHealthData(JSON.stringify(pushes));
});

test('the patient books the free redraw: a linked order at 0 with only the rejected analyses; again answers the same order; others 404; nothing rejected 409', async () => {
  const w = await world();
  const slot = await futureSlot(w.lab, 50);
  const url = `${B}/orders/${w.order.id}/redraw`;
  const none = await suite.api.call('POST', url, { token: w.owner.token, body: slot });
  expect(none.status).toBe(409);
  expect(none.body.code).toBe('nothing_rejected');
  expect((await reject(w.staff.token, w.order.id, { analysisIds: [w.ferritin, w.lipids], reason: 'QS' })).status).toBe(201);

  expect((await suite.api.call('POST', url, { token: w.stranger.token, body: slot })).status).toBe(404);
  expect((await suite.api.call('POST', url, { token: w.owner.token, body: { orderSlotId: slot.orderSlotId } })).body.fields).toHaveProperty('nurseCheckoutDate');
  const otherLab = await createSlot(suite.db.db, await createLab(suite.db.db), 50);
  expect((await suite.api.call('POST', url, { token: w.owner.token, body: { orderSlotId: otherLab.id, nurseCheckoutDate: otherLab.start } })).body.code).toBe('slot_not_offered');
  expect(await suite.db.db.selectFrom('orders').select('id').where('redraw_of', '=', w.order.id).execute()).toEqual([]);

  const first = await suite.api.call('POST', url, { token: w.owner.token, body: slot });
  expect(first.status).toBe(201);
  const redrawId = first.body.orderId as number;
  const again = await suite.api.call('POST', url, { token: w.owner.token, body: await futureSlot(w.lab, 74) });
  expect(again.status).toBe(200);
  expect(again.body).toEqual({ orderId: redrawId });

  const redraw = await detail(w.owner.token, redrawId);
  expect(redraw.redrawOf).toBe(w.order.id);
  expect(redraw.total).toEqual({ price: 0, currency: 'PLN' });
  expect(redraw.deliveryPrice).toBe(0);
  expect(redraw.status).toBe('placed');
  expect(redraw.visit.slotId).toBe(slot.orderSlotId);
  expect(redraw.address).toMatchObject({ street: 'Prosta 5', postalCode: '00-683', intercomCode: '15K' });
  expect(redraw.patients.flatMap((p) => p.lines.map((l) => [l.analysisId, l.price]))).toEqual([
    [w.ferritin, 0],
    [w.lipids, 0],
  ]);
  expect(redraw.payment?.method).toBe('on_visit');
  const booked = await suite.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', slot.orderSlotId).executeTakeFirstOrThrow();
  expect(booked.booked).toBe(1);

  const original = await detail(w.owner.token, w.order.id);
  expect(lineOf(original, w.ferritin)?.sample?.status).toBe('redraw_booked');
  expect(lineOf(original, w.tsh)?.sample?.status).toBe('ok');
  expect(original.redraw).toMatchObject({ available: false, orderId: redrawId });
  expect(original.status).toBe('in_lab');

  // The other analysis is released as usual; the original waits for the redraw's results, then completes with it.
  const enter = (orderId: number, entries: object[]) => suite.api.call('PUT', `${B}/staff/orders/${orderId}/results`, { token: w.staff.token, body: { entries } });
  expect((await enter(w.order.id, [{ patientId: w.patientId, analysisId: w.tsh, value: 2.1 }])).body.status).toBe('partial_results');
  await suite.db.db.updateTable('orders').set({ status: 'in_lab' }).where('id', '=', redrawId).execute();
  expect((await enter(redrawId, [{ patientId: w.patientId, analysisId: w.ferritin, value: 80 }])).body.status).toBe('partial_results');
  expect((await detail(w.owner.token, w.order.id)).status).toBe('partial_results');
  const last = await enter(redrawId, [{ patientId: w.patientId, analysisId: w.lipids, value: 3.5 }]);
  expect(last.body).toMatchObject({ status: 'completed' });
  expect((await detail(w.owner.token, w.order.id)).status).toBe('completed');
});

test('a second rejection of a redrawn analysis is a task for the laboratory, not a third offer; the nurse sees the redraw; the report counts by reason and week', async () => {
  const w = await world();
  expect((await reject(w.staff.token, w.order.id, { analysisIds: [w.ferritin], reason: 'RC' })).status).toBe(201);
  const slot = await futureSlot(w.lab, 26);
  const redrawId = (await suite.api.call('POST', `${B}/orders/${w.order.id}/redraw`, { token: w.owner.token, body: slot })).body.orderId as number;

  // The nurse's day: a second draw, with the butterfly needle after clotting.
  expect((await suite.api.call('PUT', `${B}/staff/orders/${redrawId}/nurse`, { token: w.staff.token, body: { nurseUserId: w.nurse.id } })).status).toBe(200);
  const visit = await suite.api.call('GET', `${B}/staff/visits/${redrawId}`, { token: w.nurse.token });
  expect(visit.status).toBe(200);
  expect(visit.body.redraw).toEqual({ reasons: ['RC'], butterfly: true });
  const firstVisit = await suite.api.call('GET', `${B}/staff/visits/${w.order.id}`, { token: w.staff.token });
  expect(firstVisit.body.redraw).toBeNull();

  await suite.db.db.updateTable('orders').set({ status: 'in_lab' }).where('id', '=', redrawId).execute();
  const mailsBefore = sent.filter((m) => m.to === w.owner.email).length;
  const second = await reject(w.staff.token, redrawId, { analysisIds: [w.ferritin], reason: 'RH' });
  expect(second.status).toBe(201);
  expect(second.body.staffTask).toBe(true);
  const redraw = await detail(w.owner.token, redrawId);
  expect(lineOf(redraw, w.ferritin)?.sample).toMatchObject({ status: 'rejected', reason: 'RH' });
  expect(redraw.redraw).toEqual({ available: false, deadline: null });
  expect((await suite.api.call('POST', `${B}/orders/${redrawId}/redraw`, { token: w.owner.token, body: await futureSlot(w.lab, 98) })).body.code).toBe('nothing_rejected');
  await deliver();
  expect(sent.filter((m) => m.to === w.owner.email)).toHaveLength(mailsBefore);

  const report = await suite.api.call('GET', `${B}/staff/rejections?weeks=4`, { token: w.staff.token });
  expect(report.status).toBe(200);
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  expect(report.body.weeks).toEqual([
    { week: monday.toISOString().slice(0, 10), reason: 'RC', count: 1 },
    { week: monday.toISOString().slice(0, 10), reason: 'RH', count: 1 },
  ]);
  expect(report.body.tasks).toEqual([expect.objectContaining({ orderId: redrawId, analysisName: 'Ferritin', reason: 'RH' })]);
  expect((await suite.api.call('GET', `${B}/staff/rejections`, { token: w.otherStaff.token })).body).toEqual({ weeks: [], tasks: [] });
  expect((await suite.api.call('GET', `${B}/staff/rejections?weeks=0`, { token: w.staff.token })).status).toBe(400);
  expect((await suite.api.call('GET', `${B}/staff/rejections`, { token: w.owner.token })).status).toBe(403);
});
