import { quietUntil } from './quietHours';

/** Quiet hours 22:00-07:00 in the laboratory's zone, across midnight and the change of time. */
test.each([
  ['2026-12-03T12:00:00Z', 'Europe/Warsaw', null],
  ['2026-12-03T20:59:00Z', 'Europe/Warsaw', null],
  // 22:00 in Warsaw (UTC+1): held until 07:00 the next morning.
  ['2026-12-03T21:00:00Z', 'Europe/Warsaw', '2026-12-04T06:00:00.000Z'],
  // 03:00 in Warsaw: held until 07:00 the same morning.
  ['2026-12-04T02:00:00Z', 'Europe/Warsaw', '2026-12-04T06:00:00.000Z'],
  ['2026-12-04T06:00:00Z', 'Europe/Warsaw', null],
  // Summer time (UTC+2): 23:30 on 28 March is held until 07:00 on the 29th, the morning after the change.
  ['2026-03-28T22:30:00Z', 'Europe/Warsaw', '2026-03-29T05:00:00.000Z'],
  // Minsk (UTC+3, no change of time).
  ['2026-12-03T19:30:00Z', 'Europe/Minsk', '2026-12-04T04:00:00.000Z'],
])('at %s in %s a non-urgent push waits until %s', (now, zone, until) => {
  expect(quietUntil(new Date(now), zone)?.toISOString() ?? null).toBe(until);
});
