/** A YYYY-MM-DD date in the user's language, e.g. "1 Jan 2000" (no time zone shift). */
export function formatDateOfBirth(date: string, language: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}
