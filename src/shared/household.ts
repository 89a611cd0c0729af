/**
 * Household consent (docs/privacy.md, "Family members"): the ages that decide who reads a family
 * member's results, the same on the server and in the browser.
 */

/** From this age the patient co-decides and can be invited; the guardian still reads the results. */
export const CO_DECIDE_AGE = 16;
/** At this age the guardian's access to the results ends; from then on the patient's consent is needed. */
export const ADULT_AGE = 18;
/** An invite link works this many days. */
export const INVITE_DAYS = 14;

/** Whole years of a person born on `dateOfBirth` (YYYY-MM-DD) on the UTC calendar day of `now`. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const ny = now.getUTCFullYear();
  const nm = now.getUTCMonth() + 1;
  const nd = now.getUTCDate();
  return ny - y - (nm < m || (nm === m && nd < d) ? 1 : 0);
}

/** The day (YYYY-MM-DD) a person born on `dateOfBirth` turns `years`; 29 February becomes 1 March in a common year. */
export function birthdayAt(dateOfBirth: string, years: number): string {
  const [y, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y + years, m - 1, d));
  return day.toISOString().slice(0, 10);
}
