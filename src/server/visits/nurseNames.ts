/**
 * How people read a staff member's name (issue: "the nurse by name"). The display name given to
 * `npm run staff:add -- --name "Anna Nowak"` (or `staff:name`) wins; without one, the account's own
 * first and last name, unless they are the placeholders `staff:add` writes ("Nurse Staff",
 * "Lab Staff"), which name nobody. Patients read the first name only ("Anna"); staff the full name.
 */
export interface StaffNameRow {
  display_name: string | null;
  first_name: string;
  last_name: string;
}

/** The names `staff:add` gives an account before anyone names it (src/server/staff/repositories/staff.ts). */
const PLACEHOLDER_FIRST = new Set(['Nurse', 'Lab']);
const PLACEHOLDER_LAST = 'Staff';

function ownName(row: StaffNameRow): { first: string; full: string } | null {
  const first = row.first_name.trim();
  const last = row.last_name.trim();
  if (PLACEHOLDER_FIRST.has(first) && last === PLACEHOLDER_LAST) return null;
  const full = `${first} ${last}`.trim();
  return full ? { first: first || full, full } : null;
}

/** The full name staff read ("Anna Nowak"), or null when the account has none. */
export function staffDisplayName(row: StaffNameRow): string | null {
  const display = row.display_name?.trim().replace(/\s+/g, ' ');
  return display || ownName(row)?.full || null;
}

/** The first name a patient reads ("Anna"), or null when the account has none (the page then says "your nurse"). */
export function staffFirstName(row: StaffNameRow): string | null {
  const display = row.display_name?.trim();
  if (display) return display.split(/\s+/)[0] ?? null;
  return ownName(row)?.first ?? null;
}
