import ICAL from 'ical.js';
import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '@/server/testing/shopFixtures';

const shop = setUpShopSuite();

/** Wall-clock time of an instant in a zone, as `YYYY-MM-DDTHH:mm:ss`. */
function wallTime(iso: string, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // Register the VTIMEZONE so zoned times convert to UTC.
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

async function placeOrder(user: FixtureUser, slot: { id: number; start: string }) {
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  const added = await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.glucose, patientIds: [anna], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: true } } });
  expect(added.body).toMatchObject({ status: 'added' });
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: {
      laboratoryId: 'fx-waw',
      nurseCheckoutDate: slot.start,
      orderSlotId: slot.id,
      orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', intercomCode: '12#' },
      feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
    },
  });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.orderId as number;
}

const mailsTo = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email);

test('the confirmation mail carries the visit as an RFC 5545 event in the laboratory zone; the owner downloads the same', async () => {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2, 5);
  const orderId = await placeOrder(user, slot);
  const row = await shop.db.db.selectFrom('nurse_slots').select(['start_at', 'end_at']).where('id', '=', slot.id).executeTakeFirstOrThrow();

  const [mail] = mailsTo(user.email);
  expect(mail?.calendars.map((c) => c.contentType.split(';')[0])).toEqual(expect.arrayContaining(['text/calendar', 'application/ics']));
  const invite = mail?.calendars.find((c) => c.contentType.startsWith('text/calendar'));
  expect(invite?.contentType).toMatch(/method=REQUEST/);
  const { calendar, vevent, event } = parse(invite?.content ?? '');
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  expect(event.uid).toMatch(new RegExp(`^order-${orderId}@`));
  expect(event.sequence).toBe(0);
  // DTSTART/DTEND carry the laboratory's zone and equal the slot there.
  expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Warsaw');
  expect(event.startDate.toString()).toBe(wallTime(row.start_at, 'Europe/Warsaw'));
  expect(event.endDate.toString()).toBe(wallTime(row.end_at, 'Europe/Warsaw'));
  expect(event.startDate.toJSDate().toISOString()).toBe(new Date(row.start_at).toISOString());
  expect(event.endDate.toJSDate().toISOString()).toBe(new Date(row.end_at).toISOString());
  expect(event.location).toContain('Marszałkowska 10');
  expect(event.location).toContain('00-683 Warsaw');
  expect(event.description).toContain('Do not eat for 8 hours');
  expect(event.description).toContain('Do not drink sweet drinks the evening before.');
  // DTSTAMP in UTC, as RFC 5545 requires.
  expect(invite?.content).toMatch(/\nDTSTAMP:\d{8}T\d{6}Z\r?\n/);

  const file = await shop.api.call('GET', `/api/backend/orders/${orderId}/calendar.ics`, { token: user.token });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
  const downloaded = parse(String(file.body));
  expect(downloaded.event.uid).toBe(event.uid);
  expect(downloaded.event.startDate.toJSDate().toISOString()).toBe(new Date(row.start_at).toISOString());

  const stranger = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  expect((await shop.api.call('GET', `/api/backend/orders/${orderId}/calendar.ics`, { token: stranger.token })).status).toBe(404);
  expect((await shop.api.call('GET', `/api/backend/orders/${orderId}/calendar.ics`)).status).toBe(401);
});

test('a move mails the same UID with a higher SEQUENCE and the new time; a cancellation mails METHOD:CANCEL', async () => {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const first = await createFixtureSlot(shop.db.db, 'fx-waw', 2, 5);
  const second = await createFixtureSlot(shop.db.db, 'fx-waw', 2, 7);
  const orderId = await placeOrder(user, first);
  const original = parse(mailsTo(user.email)[0]?.calendars[0]?.content ?? '').event;

  const moved = await shop.api.call('POST', `/api/backend/orders/${orderId}/reschedule`, { token: user.token, body: { slotId: second.id } });
  expect(moved.status).toBe(200);
  const afterMove = mailsTo(user.email);
  expect(afterMove).toHaveLength(2);
  expect(afterMove[1]?.subject).toContain('was moved');
  const update = parse(afterMove[1]?.calendars.find((c) => c.contentType.startsWith('text/calendar'))?.content ?? '');
  expect(update.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  expect(update.event.uid).toBe(original.uid);
  expect(update.event.sequence).toBeGreaterThan(original.sequence);
  const row = await shop.db.db.selectFrom('nurse_slots').select('start_at').where('id', '=', second.id).executeTakeFirstOrThrow();
  expect(update.event.startDate.toJSDate().toISOString()).toBe(new Date(row.start_at).toISOString());

  const cancelled = await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token });
  expect(cancelled.status).toBe(200);
  const afterCancel = mailsTo(user.email);
  expect(afterCancel).toHaveLength(3);
  const cancel = parse(afterCancel[2]?.calendars.find((c) => c.contentType.startsWith('text/calendar'))?.content ?? '');
  expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
  expect(cancel.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  expect(cancel.event.uid).toBe(original.uid);
  expect(cancel.event.sequence).toBeGreaterThan(update.event.sequence);
});
