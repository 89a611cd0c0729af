/**
 * The working days of a laboratory's calendar: Monday to Friday except the public holidays of its
 * country (fixed-date ones and those that follow Easter). "Expected by" of an analysis is the
 * collection's local day plus the analysis's turnaround (`execPeriod`) in such working days.
 */
const FIXED_HOLIDAYS: Record<string, readonly string[]> = {
  // MM-DD
  PL: ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-24', '12-25', '12-26'],
  LT: ['01-01', '02-16', '03-11', '05-01', '06-24', '07-06', '08-15', '11-01', '11-02', '12-24', '12-25', '12-26'],
  BY: ['01-01', '01-02', '01-07', '03-08', '05-01', '05-09', '07-03', '11-07', '12-25'],
};

/** Days after (Western) Easter Sunday that are holidays: PL Easter Monday and Corpus Christi, LT Easter Monday. */
const EASTER_OFFSETS: Record<string, readonly number[]> = { PL: [1, 60], LT: [1] };

/** Easter Sunday of a year (Gregorian, the anonymous algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** A working day of the laboratories of `country` (YYYY-MM-DD). */
export function isWorkingDay(day: string, country: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (FIXED_HOLIDAYS[country]?.includes(day.slice(5))) return false;
  const easter = easterSunday(y);
  return !(EASTER_OFFSETS[country] ?? []).some((n) => addDays(easter, n) === day);
}

/**
 * The day `count` working days after `day` (count 0: `day` itself if it is a working day, else the
 * next working day).
 */
export function addWorkingDays(day: string, count: number, country: string): string {
  let current = day;
  while (!isWorkingDay(current, country)) current = addDays(current, 1);
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isWorkingDay(current, country)) left -= 1;
  }
  return current;
}
