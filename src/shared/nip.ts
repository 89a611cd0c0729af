/**
 * The Polish tax number (NIP): ten digits, the last a check digit. The first nine digits are
 * weighted 6, 5, 7, 2, 3, 4, 5, 6, 7; the sum modulo 11 is the check digit, and a sum that gives
 * 10 makes the number invalid. Separators people type (spaces, dashes) and a `PL` prefix are
 * dropped before the check; the stored and printed form is the ten digits.
 */
const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The ten digits of a typed NIP (`PL 123-456-32-18` -> `1234563218`), or the input trimmed when it is not that shape. */
export function normaliseNip(input: string): string {
  const compact = input.replace(/[\s-]/g, '');
  return /^PL\d{10}$/i.test(compact) ? compact.slice(2) : compact;
}

export function isValidNip(input: string): boolean {
  const nip = normaliseNip(input);
  if (!/^\d{10}$/.test(nip)) return false;
  const sum = WEIGHTS.reduce((n, w, i) => n + w * Number(nip[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(nip[9]);
}
