import { visitRefusal, type VisitFacts } from './visitState';

const slotStart = '2026-12-01T07:00:00.000Z';
const facts = (now: string, today = '2026-12-01'): VisitFacts => ({ slotStart, slotDay: '2026-12-01', today, now: new Date(now) });

test('a visit moves forward only, steps may be skipped, final states stay', () => {
  const f = facts('2026-12-01T06:00:00Z');
  expect(visitRefusal('booked', 'nurse_assigned', f)).toBeNull();
  expect(visitRefusal('nurse_assigned', 'arrived', f)).toBeNull();
  expect(visitRefusal('arrived', 'collected', f)).toBeNull();
  expect(visitRefusal('arrived', 'on_the_way', f)).toBe('backwards');
  expect(visitRefusal('on_the_way', 'nurse_assigned', f)).toBe('backwards');
  expect(visitRefusal('arrived', 'arrived', f)).toBe('same');
  expect(visitRefusal('collected', 'cancelled', f)).toBe('final');
  expect(visitRefusal('cancelled', 'booked', f)).toBe('final');
  expect(visitRefusal('nurse_assigned', 'cancelled', f)).toBeNull();
});

test('"not at home" only once arrived or from slot start + 15 minutes', () => {
  expect(visitRefusal('on_the_way', 'not_at_home', facts('2026-12-01T07:14:59Z'))).toBe('not_at_home_too_early');
  expect(visitRefusal('on_the_way', 'not_at_home', facts('2026-12-01T07:15:00Z'))).toBeNull();
  expect(visitRefusal('nurse_assigned', 'not_at_home', facts('2026-12-01T06:00:00Z'))).toBe('not_at_home_too_early');
  expect(visitRefusal('arrived', 'not_at_home', facts('2026-12-01T06:00:00Z'))).toBeNull();
});

test("every nurse step only on the visit's day, each with its own refusal; the staff's other states are not held to it", () => {
  const tomorrow = facts('2026-11-30T12:00:00Z', '2026-11-30');
  expect(visitRefusal('nurse_assigned', 'arrived', tomorrow)).toBe('arrived_not_visit_day');
  expect(visitRefusal('arrived', 'collected', tomorrow)).toBe('collected_not_visit_day');
  expect(visitRefusal('arrived', 'not_at_home', tomorrow)).toBe('not_at_home_not_visit_day');
  expect(visitRefusal('nurse_assigned', 'arrived', facts('2026-12-02T08:00:00Z', '2026-12-02'))).toBe('arrived_not_visit_day');
  expect(visitRefusal('booked', 'nurse_assigned', tomorrow)).toBeNull();
  expect(visitRefusal('nurse_assigned', 'cancelled', tomorrow)).toBeNull();
  expect(visitRefusal('arrived', 'collected', facts('2026-12-01T22:59:00Z'))).toBeNull();
});

test('"on the way" only on the visit\'s day', () => {
  expect(visitRefusal('nurse_assigned', 'on_the_way', facts('2026-11-30T20:00:00Z', '2026-11-30'))).toBe('not_visit_day');
  expect(visitRefusal('nurse_assigned', 'on_the_way', facts('2026-12-01T06:00:00Z'))).toBeNull();
  expect(visitRefusal('booked', 'on_the_way', facts('2026-12-02T06:00:00Z', '2026-12-02'))).toBe('not_visit_day');
});
