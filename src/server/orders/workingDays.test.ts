import { addWorkingDays, easterSunday, isWorkingDay } from './workingDays';

test('Easter Sunday of known years', () => {
  expect(easterSunday(2024)).toBe('2024-03-31');
  expect(easterSunday(2025)).toBe('2025-04-20');
  expect(easterSunday(2026)).toBe('2026-04-05');
});

test('weekends and public holidays of the laboratory\'s country are not working days', () => {
  expect(isWorkingDay('2026-11-27', 'PL')).toBe(true); // Friday
  expect(isWorkingDay('2026-11-28', 'PL')).toBe(false); // Saturday
  expect(isWorkingDay('2026-11-11', 'PL')).toBe(false); // Independence Day
  expect(isWorkingDay('2026-11-11', 'LT')).toBe(true);
  expect(isWorkingDay('2026-04-06', 'PL')).toBe(false); // Easter Monday
  expect(isWorkingDay('2026-06-04', 'PL')).toBe(false); // Corpus Christi (Easter + 60)
  expect(isWorkingDay('2026-06-04', 'LT')).toBe(true);
  expect(isWorkingDay('2026-07-03', 'BY')).toBe(false);
});

test('turnaround counted in working days: over a weekend, over Christmas, from a Saturday', () => {
  expect(addWorkingDays('2026-11-26', 1, 'PL')).toBe('2026-11-27'); // Thu + 1 = Fri
  expect(addWorkingDays('2026-11-27', 1, 'PL')).toBe('2026-11-30'); // Fri + 1 = Mon
  expect(addWorkingDays('2026-11-28', 0, 'PL')).toBe('2026-11-30'); // Sat + 0 = Mon
  expect(addWorkingDays('2026-11-28', 1, 'PL')).toBe('2026-12-01');
  expect(addWorkingDays('2026-12-23', 2, 'PL')).toBe('2026-12-29'); // 24, 25, 26, 27 off; 28 Mon, 29 Tue
  expect(addWorkingDays('2026-11-10', 1, 'PL')).toBe('2026-11-12'); // over 11 November
  expect(addWorkingDays('2026-11-10', 1, 'LT')).toBe('2026-11-11');
});
