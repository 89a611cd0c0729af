import { cycleStartRefusal } from './timing';

// 23:30 UTC on 28 November is 00:30 on 29 November in Warsaw, still 28 November in New York.
const lateEvening = new Date('2026-11-28T23:30:00Z');

test("the first day of the last period is judged by the laboratory's own calendar day, not UTC's", () => {
  expect(cycleStartRefusal('2026-11-29', 'Europe/Warsaw', lateEvening)).toBeNull();
  expect(cycleStartRefusal('2026-11-30', 'Europe/Warsaw', lateEvening)).toBe('The first day of the last period cannot be in the future');
  expect(cycleStartRefusal('2026-11-29', 'America/New_York', lateEvening)).toBe('The first day of the last period cannot be in the future');
  expect(cycleStartRefusal('2026-11-28', 'America/New_York', lateEvening)).toBeNull();
});

test('over a year back and malformed dates are refused with their own texts', () => {
  expect(cycleStartRefusal('2025-11-28', 'Europe/Warsaw', lateEvening)).toBe('The first day of the last period cannot be over a year back');
  expect(cycleStartRefusal('2025-11-30', 'Europe/Warsaw', lateEvening)).toBeNull();
  expect(cycleStartRefusal('29.11.2026', 'Europe/Warsaw', lateEvening)).toBe('Give the date as YYYY-MM-DD');
});
