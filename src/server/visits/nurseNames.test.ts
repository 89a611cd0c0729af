import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { soonToday } from '@/server/testing/soonToday';
import { readOutbox } from '@/server/testing/outbox';
import { getConfig } from '@/server/config';
import { addStaff } from '@/server/staff/staff';
import { setStaffDisplayName } from '@/server/staff/staffNames';
import type { NurseVisitsDto, OrderDetailDto, StaffMemberDto, StaffOrderDetailDto } from '@/shared/types/results';

/**
 * The nurse by name: the display name given to `staff:add --name` (or `staff:name`) is what people
 * read. The patient reads the first name only (`GET orders/{id}` `visit.nurseFirstName`, the "on the
 * way" mail and push); staff read the full name (`GET staff/nurses`, the staff order's and the
 * nurse's day's `nurse.displayName`). A nurse nobody named ("Nurse Staff", what `staff:add` writes)
 * is no name: null, and the pages say "your nurse". On SQLite and (DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

async function world() {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db, { name: 'Ferritin' });
  const owner = await createUser(suite.db.db, { firstName: 'Ewa' });
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 2 * 3600_000).toISOString(), capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  return { lab, owner, staff, order };
}

const assign = async (token: string, orderId: number, nurseUserId: number) => {
  const res = await suite.api.call('PUT', `/api/backend/staff/orders/${orderId}/nurse`, { token, body: { nurseUserId } });
  expect(res.status).toBe(200);
  return res.body as StaffOrderDetailDto;
};
const patientView = async (token: string, orderId: number) => {
  const res = await suite.api.call('GET', `/api/backend/orders/${orderId}`, { token });
  expect(res.status).toBe(200);
  return res.body as OrderDetailDto;
};

test('staff:add --name: the picker tells two nurses apart, staff read the full name, the patient the first name only', async () => {
  const w = await world();
  const anna = await addStaff(suite.db.db, 'anna.nowak@lab.test', w.lab, { role: 'nurse', displayName: '  Anna   Maria Nowak ', password: 'Correct-Horse-Battery-42' });
  const zofia = await addStaff(suite.db.db, 'zofia@lab.test', w.lab, { role: 'nurse', displayName: 'Zofia Wiśniewska', password: 'Correct-Horse-Battery-42' });
  const unnamed = await addStaff(suite.db.db, 'nobody@lab.test', w.lab, { role: 'nurse', password: 'Correct-Horse-Battery-42' });

  const list = await suite.api.call('GET', '/api/backend/staff/nurses', { token: w.staff.token });
  expect(list.status).toBe(200);
  const nurses = list.body as StaffMemberDto[];
  // By the name shown (a nurse without one by e-mail): no two entries read the same.
  expect(nurses.map((n) => [n.id, n.displayName])).toEqual([
    [anna.userId, 'Anna Maria Nowak'],
    [unnamed.userId, null],
    [zofia.userId, 'Zofia Wiśniewska'],
  ]);

  const staffOrder = await assign(w.staff.token, w.order.id, anna.userId);
  expect(staffOrder.nurse).toMatchObject({ id: anna.userId, displayName: 'Anna Maria Nowak' });
  const seen = await patientView(w.owner.token, w.order.id);
  expect(seen.visit.nurseFirstName).toBe('Anna');
  // The patient's answer carries neither her surname nor the placeholder.
  expect(JSON.stringify(seen)).not.toMatch(/Nowak|Nurse Staff/);

  // Renamed with staff:name: the next read says the new name.
  await setStaffDisplayName(suite.db.db, 'anna.nowak@lab.test', 'Anja Nowak');
  expect((await patientView(w.owner.token, w.order.id)).visit.nurseFirstName).toBe('Anja');

  // A nurse nobody named: no name (the page says "your nurse"), never "Nurse".
  const staffOrder2 = await assign(w.staff.token, w.order.id, unnamed.userId);
  expect(staffOrder2.nurse).toMatchObject({ id: unnamed.userId, displayName: null, email: 'nobody@lab.test' });
  expect((await patientView(w.owner.token, w.order.id)).visit.nurseFirstName).toBeNull();
});

test("the nurse's own name without a display name; the day's list names her in full, the 'on the way' mail (and push: the same line) by first name", async () => {
  const w = await world();
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: w.lab, staffRole: 'nurse', firstName: 'Nina', lastName: 'Kowalska' });
  await assign(w.staff.token, w.order.id, nurse.id);
  expect((await patientView(w.owner.token, w.order.id)).visit.nurseFirstName).toBe('Nina');
  const day = await suite.api.call('GET', '/api/backend/staff/visits', { token: w.staff.token });
  expect((day.body as NurseVisitsDto).visits.find((v) => v.orderId === w.order.id)?.nurse).toMatchObject({ displayName: 'Nina Kowalska' });

  const start = new Date(Date.now() + 20 * 60_000).toISOString();
  const end = new Date(Date.now() + 50 * 60_000).toISOString();
  const onWay = await suite.api.call('POST', `/api/backend/staff/visits/${w.order.id}/state`, { token: nurse.token, body: { state: 'on_the_way', arrivalStart: start, arrivalEnd: end } });
  expect(onWay.status).toBe(200);
  const mails = readOutbox(getConfig().outboxDir).filter((m) => m.to === w.owner.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain('Your nurse Nina is on the way, arriving');
  expect(mails[0]?.text).not.toContain('Kowalska');
});
