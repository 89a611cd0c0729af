/**
 * Postal codes of the countries the checkout offers (isomorphic: used by the address form and the
 * server). Each country has one written form; input is normalised to it (trimmed, upper case, the
 * optional `LT-` prefix added) before it is checked, stored and matched against coverage zones.
 *
 * The formats are those of the national posts (Poczta Polska `NN-NNN`, Belpochta `NNNNNN`, Lietuvos
 * paštas `LT-NNNNN`, also written `NNNNN`). A table of seven patterns is kept here instead of a
 * library with every country's rules, so the browser bundle stays small.
 */
export interface PostalCodeFormat {
  pattern: RegExp;
  /** How the code is written, shown in messages. */
  example: string;
}

export const POSTAL_CODE_FORMATS: Record<string, PostalCodeFormat> = {
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  BY: { pattern: /^\d{6}$/, example: '220030' },
  LT: { pattern: /^LT-\d{5}$/, example: 'LT-01100' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  CZ: { pattern: /^\d{3} \d{2}$/, example: '110 00' },
  SK: { pattern: /^\d{3} \d{2}$/, example: '811 01' },
  UA: { pattern: /^\d{5}$/, example: '01001' },
};

/** The written form of `raw` in `country` (may still be invalid: check with `isValidPostalCode`). */
export function normalizePostalCode(country: string, raw: string): string {
  let code = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  const c = country.trim().toUpperCase();
  if (c === 'LT' && /^\d{5}$/.test(code)) code = `LT-${code}`;
  if (c === 'LT') code = code.replace(/^LT ?-? ?/, 'LT-');
  if ((c === 'CZ' || c === 'SK') && /^\d{5}$/.test(code)) code = `${code.slice(0, 3)} ${code.slice(3)}`;
  if (c === 'PL' && /^\d{5}$/.test(code)) code = `${code.slice(0, 2)}-${code.slice(2)}`;
  return code;
}

/** Whether `raw` is a postal code of `country`; countries without a known format accept 2-10 letters and digits. */
export function isValidPostalCode(country: string, raw: string): boolean {
  const code = normalizePostalCode(country, raw);
  const format = POSTAL_CODE_FORMATS[country.trim().toUpperCase()];
  if (!format) return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(code);
  return format.pattern.test(code);
}

/** The digits of a postal code, the key coverage zones match by prefix (`02-715` → `02715`). */
export function postalCodeDigits(code: string): string {
  return code.replace(/\D/g, '');
}

/** `postalCode` in its written form for `country`. */
export function normalizeOrderPostalCode<T extends { country: string; postalCode: string }>(address: T): T {
  return { ...address, postalCode: normalizePostalCode(address.country, address.postalCode) };
}
