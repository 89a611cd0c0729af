import { addDaysToKey, formatLabTime, formatVisitWindow, labClock, labDayKey, labTimeToIso, zoneName, zoneNote } from './labTime';

/** A Warsaw visit on 24 November 2026 from 08:00 to 10:00 local time (07:00–09:00 UTC). */
const start = '2026-11-24T07:00:00.000Z';
const end = '2026-11-24T09:00:00.000Z';

describe('visit times in the laboratory\'s zone', () => {
  test('the window is the laboratory\'s wall clock whatever the device\'s zone', () => {
    expect(formatVisitWindow(start, end, 'en', 'Europe/Warsaw')).toBe('Tuesday, 24 November 2026, 08:00–10:00');
    expect(formatVisitWindow(start, end, 'pl', 'Europe/Warsaw')).toBe('wtorek, 24 listopada 2026, 08:00–10:00');
    expect(formatVisitWindow(start, end, 'ru', 'Europe/Warsaw')).toMatch(/^вторник, 24 ноября 2026( г\.)?, 08:00–10:00$/);
  });

  test('the zone is named only when the device shows another wall clock', () => {
    expect(zoneNote(start, 'en', 'Europe/Warsaw', 'Europe/Warsaw')).toBeNull();
    // Same offset in November: the same wall clock, nothing to say.
    expect(zoneNote(start, 'en', 'Europe/Warsaw', 'Europe/Berlin')).toBeNull();
    expect(zoneNote(start, 'en', 'Europe/Warsaw', null)).toBeNull();
    expect(zoneNote(start, 'en', 'Europe/Warsaw', 'America/New_York')).toBe('Warsaw time');
    expect(formatVisitWindow(start, end, 'en', 'Europe/Warsaw', 'UTC')).toBe('Tuesday, 24 November 2026, 08:00–10:00 (Warsaw time)');
  });

  test('the Minsk zone is named after Minsk, not Moscow, in every language', () => {
    expect(zoneName(start, 'en', 'Europe/Minsk')).toBe('Minsk time');
    expect(zoneName(start, 'ru', 'Europe/Minsk')).toBe('время Минска');
    expect(zoneName(start, 'pl', 'Europe/Minsk')).toBe('czas miński');
    expect(zoneNote(start, 'en', 'Europe/Minsk', 'Europe/Warsaw')).not.toMatch(/Moscow/);
  });

  test('days are the laboratory\'s: 23:30 UTC is already the next day in Warsaw', () => {
    expect(labDayKey('2026-11-24T23:30:00.000Z', 'Europe/Warsaw')).toBe('2026-11-25');
    expect(labDayKey('2026-11-24T23:30:00.000Z', 'UTC')).toBe('2026-11-24');
    expect(addDaysToKey('2026-12-31', 1)).toBe('2027-01-01');
    expect(formatLabTime('2026-11-24T23:30:00.000Z', 'en', 'Europe/Warsaw', 'time')).toBe('00:30');
  });

  test('a wall-clock time on a laboratory day is the instant of that clock in the laboratory, not on the device', () => {
    expect(labTimeToIso('2026-12-01', '08:00', 'Europe/Warsaw')).toBe('2026-12-01T07:00:00.000Z');
    expect(labTimeToIso('2026-07-01', '08:00', 'Europe/Warsaw')).toBe('2026-07-01T06:00:00.000Z');
    expect(labTimeToIso('2026-12-01', '00:15', 'Europe/Warsaw')).toBe('2026-11-30T23:15:00.000Z');
    expect(labTimeToIso('2026-12-01', '08:00', 'America/New_York')).toBe('2026-12-01T13:00:00.000Z');
    // 02:30 does not exist on the spring-forward night; it is read as 03:30 summer time.
    expect(labTimeToIso('2026-03-29', '02:30', 'Europe/Warsaw')).toBe('2026-03-29T01:30:00.000Z');
    expect(labTimeToIso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(labTimeToIso('2026-12-01', '8:00', 'Europe/Warsaw')).toBeNull();
    expect(labTimeToIso('2026-12-01', '24:00', 'Europe/Warsaw')).toBeNull();
    expect(labClock('2026-11-30T23:15:00.000Z', 'Europe/Warsaw')).toBe('00:15');
    expect(labClock('2026-12-01T13:05:00.000Z', 'America/New_York')).toBe('08:05');
  });
});
