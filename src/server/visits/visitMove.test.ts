import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createLab, createOrder, createScenario, createSlot } from '@/server/testing/orderFixtures';

/** The patient cancels or moves the visit over the real API routes, on SQLite and (with DATABASE_URL=postgres://...) PostgreSQL. */
const suite = setUpApiSuite();

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

describe('patient cancel and visit move', () => {
  test('moving books the new slot and frees the old; full or too late is 409', async () => {
    const s = await scenario({ hours: 72 });
    const free = await createSlot(suite.db.db, s.labId, 96, { capacity: 1 });
    const full = await createSlot(suite.db.db, s.labId, 120, { capacity: 1, booked: 1 });
    const soon = await createSlot(suite.db.db, s.labId, 10);
    const otherLabSlot = await createSlot(suite.db.db, await createLab(suite.db.db), 100);
    const url = `/api/backend/orders/${s.order.id}/reschedule`;
    expect((await suite.api.call('POST', url, { token: s.owner.token, body: { slotId: full.id } })).status).toBe(409);
    expect((await suite.api.call('POST', url, { token: s.owner.token, body: { slotId: soon.id } })).status).toBe(409);
    expect((await suite.api.call('POST', url, { token: s.owner.token, body: { slotId: otherLabSlot.id } })).status).toBe(404);
    expect((await suite.api.call('POST', url, { token: s.owner.token, body: {} })).status).toBe(400);
    const moved = await suite.api.call('POST', url, { token: s.owner.token, body: { slotId: free.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.visit.slotId).toBe(free.id);
    const slots = await suite.db.db.selectFrom('nurse_slots').select(['id', 'booked']).where('id', 'in', [s.slot.id, free.id]).execute();
    expect(Object.fromEntries(slots.map((x) => [x.id, x.booked]))).toEqual({ [s.slot.id]: 0, [free.id]: 1 });
    expect(moved.body.events.at(-1).note).toMatch(/^Visit moved to/);

    const cancelled = await suite.api.call('POST', `/api/backend/orders/${s.order.id}/cancel`, { token: s.owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.canChangeVisit).toBe(false);
    expect((await suite.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', free.id).executeTakeFirstOrThrow()).booked).toBe(0);
    expect((await suite.api.call('POST', `/api/backend/orders/${s.order.id}/cancel`, { token: s.owner.token })).status).toBe(409);
  });

  test('less than 24 hours before the visit the patient can neither cancel nor move', async () => {
    const s = await scenario({ hours: 20 });
    const later = await createSlot(suite.db.db, s.labId, 96);
    expect((await suite.api.call('POST', `/api/backend/orders/${s.order.id}/cancel`, { token: s.owner.token })).status).toBe(409);
    expect((await suite.api.call('POST', `/api/backend/orders/${s.order.id}/reschedule`, { token: s.owner.token, body: { slotId: later.id } })).status).toBe(409);
  });
});
