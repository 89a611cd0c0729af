/**
 * National identifiers of a patient (isomorphic: the patient form and the server use the same
 * rules). Both are optional.
 *
 * - PESEL (Poland): 11 digits `YYMMDDZZZXQ`. The month carries the century (+80 for 1800-1899, +0 for
 *   1900-1999, +20 for 2000-2099, +40 for 2100-2199, +60 for 2200-2299), the tenth digit the sex (odd
 *   male, even female), the last one the check digit (weights 1 3 7 9 1 3 7 9 1 3, Q = (10 - sum mod
 *   10) mod 10). The date of birth and the sex in it must be the patient's.
 * - Personal (identification) number (Belarus, «идентификационный номер» of the passport): 14
 *   characters, 7 digits + a letter + 3 digits + 2 letters + a digit, e.g. `3140583A001PB9`. Only
 *   the format is checked (its check digit is not published).
 *
 * Messages are English sentences that double as translation keys (namespace `account`).
 */
export const NATIONAL_ID_MESSAGES = {
  peselFormat: 'A PESEL has 11 digits',
  peselChecksum: 'This PESEL is not valid (its check digit does not match)',
  peselBirthDate: 'The date of birth in this PESEL is not the patient’s date of birth',
  peselSex: 'The sex in this PESEL is not the patient’s sex',
  personalNumberFormat: 'A personal number has 14 characters: 7 digits, a letter, 3 digits, 2 letters and a digit (like 3140583A001PB9)',
} as const;

export const PESEL_PATTERN = /^\d{11}$/;
export const PERSONAL_NUMBER_PATTERN = /^\d{7}[A-Z]\d{3}[A-Z]{2}\d$/;

const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
const CENTURY_BY_OFFSET: Record<number, number> = { 80: 1800, 0: 1900, 20: 2000, 40: 2100, 60: 2200 };

/** A PESEL as typed (spaces and dashes dropped). */
export function normalizePesel(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** A personal number as typed (spaces and dashes dropped, upper case). */
export function normalizePersonalNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** The date of birth (YYYY-MM-DD) and the sex a PESEL encodes; null when it is not a valid PESEL. */
export function decodePesel(pesel: string): { dateOfBirth: string; gender: 'male' | 'female' } | null {
  if (!PESEL_PATTERN.test(pesel)) return null;
  const d = [...pesel].map(Number);
  const sum = PESEL_WEIGHTS.reduce((s, w, i) => s + w * (d[i] as number), 0);
  if ((10 - (sum % 10)) % 10 !== d[10]) return null;
  const mm = Number(pesel.slice(2, 4));
  const offset = Math.floor(mm / 20) * 20;
  const century = CENTURY_BY_OFFSET[offset];
  const month = mm - offset;
  if (century === undefined || month < 1 || month > 12) return null;
  const dateOfBirth = `${century + Number(pesel.slice(0, 2))}-${String(month).padStart(2, '0')}-${pesel.slice(4, 6)}`;
  const check = new Date(`${dateOfBirth}T00:00:00.000Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== dateOfBirth) return null;
  return { dateOfBirth, gender: (d[9] as number) % 2 === 1 ? 'male' : 'female' };
}

/**
 * Why `pesel` does not fit the patient, or null when it does. `gender` and `dateOfBirth` are the
 * patient's (missing ones are not compared).
 */
export function peselProblem(pesel: string, patient: { gender?: string | null; dateOfBirth?: string | null }): string | null {
  if (!PESEL_PATTERN.test(pesel)) return NATIONAL_ID_MESSAGES.peselFormat;
  const decoded = decodePesel(pesel);
  if (!decoded) return NATIONAL_ID_MESSAGES.peselChecksum;
  if (patient.dateOfBirth && patient.dateOfBirth.slice(0, 10) !== decoded.dateOfBirth) return NATIONAL_ID_MESSAGES.peselBirthDate;
  if (patient.gender && patient.gender !== decoded.gender) return NATIONAL_ID_MESSAGES.peselSex;
  return null;
}

/** The identifier field a patient form shows for a laboratory's country (none for other countries). */
export function nationalIdFieldOf(country: string | null | undefined): 'pesel' | 'personalNumber' | null {
  const c = (country ?? '').trim().toUpperCase();
  if (c === 'PL') return 'pesel';
  if (c === 'BY') return 'personalNumber';
  return null;
}
