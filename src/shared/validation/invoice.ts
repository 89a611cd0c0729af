import { object, string, type InferType } from 'yup';
import './safeStringCase';
import { isValidNip, normaliseNip } from '@/shared/nip';
import { isValidPostalCode, normalizePostalCode, POSTAL_CODE_FORMATS } from './postalCode';

/**
 * The buyer of a VAT invoice, shared by the invoice form and the server: a company (`kind`
 * `company`, the default) with its Polish NIP, or a private person (`person`) on their own name,
 * without a tax number (FA(3) `BrakID`). The limits are those of the FA(3) schema (names and address
 * lines at most 512 characters; the postal code and city share the second address line). A
 * company's name is asked for in Latin letters, as it is registered for VAT in Poland: a Cyrillic
 * name is refused rather than guessed at; a private person's name is written as the person writes
 * it. The postal code is put in the written form of its country (`00950` → `00-950` in Poland) and,
 * for the countries whose format is known, checked against it. Messages are English texts that
 * double as translation keys of the `invoices` namespace.
 */
export const INVOICE_MESSAGES = {
  taxIdRequired: 'Enter the tax number (NIP)',
  taxIdInvalid: 'This is not a valid NIP (ten digits with a correct check digit)',
  nameRequired: 'Enter the buyer’s name',
  tooLong: 'Too long',
  latinOnly: 'Write it in Latin letters, as in the tax register',
  streetRequired: 'Enter the street and number',
  postalCodeRequired: 'Enter the postal code',
  cityRequired: 'Enter the city',
  countryInvalid: 'Choose a country of the European Union',
  oneLine: 'Write it on one line',
  badCharacters: 'Remove the control or invisible characters',
  kindInvalid: 'Choose a company or a private person',
  personTaxId: 'A private person gets the invoice without a tax number',
  personCountryInvalid: 'Choose the country of the address',
  postalCodeInvalid: 'Enter the postal code as it is written in this country',
  postalCodeInvalidPL: 'Enter a Polish postal code like 00-950',
  postalCodeInvalidBY: 'Enter a Belarusian postal code of six digits like 220005',
} as const;

export const BUYER_LIMITS = { name: 512, street: 512, postalCode: 16, city: 200 } as const;

/** EU member states (ISO 3166-1 alpha-2): the buyer has a Polish NIP and an address in the Union. */
export const INVOICE_COUNTRIES = [
  'PL', 'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** Who the invoice is for: a company (or sole trader) with a NIP, or a private person without one. */
const BUYER_KINDS = ['company', 'person'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

/**
 * Where a private person may live: the Union and the neighbouring and other countries the shop's
 * patients come from (ISO 3166-1 alpha-2, all of them FA(3) `KodKraju` values).
 */
export const PERSON_COUNTRIES = [...INVOICE_COUNTRIES, 'BY', 'UA', 'GB', 'NO', 'CH', 'IS', 'LI', 'MD', 'GE', 'AM', 'KZ', 'US', 'CA'] as const;

/**
 * The postal code in the written form of `country`: a code of a known format typed with other
 * separators (or none) is rebuilt from its digits (`00 950`, `00950` → `00-950`; `220 005` → `220005`).
 */
function formatBuyerPostalCode(country: string, raw: string): string {
  // A code with a character no invoice carries is left as typed, for the field's check to refuse it.
  if (NOT_XML_CHARACTER.test(raw) || LINE_BREAK.test(raw)) return raw;
  const c = country.trim().toUpperCase();
  const code = normalizePostalCode(c, raw);
  const digits = code.replace(/\D/g, '');
  if (c === 'PL' && /^\d{5}$/.test(digits) && /^[\d\s.-]+$/.test(code)) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  if ((c === 'BY' || c === 'UA' || c === 'DE') && /^[\d\s.-]+$/.test(code)) {
    const len = c === 'BY' ? 6 : 5;
    if (digits.length === len) return digits;
  }
  return code;
}

function postalCodeMessage(country: string): string {
  if (country === 'PL') return INVOICE_MESSAGES.postalCodeInvalidPL;
  if (country === 'BY') return INVOICE_MESSAGES.postalCodeInvalidBY;
  return INVOICE_MESSAGES.postalCodeInvalid;
}

const NON_LATIN = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Han}\p{Script=Hebrew}]/u;
/**
 * Characters XML 1.0 cannot carry (an invoice with one is not even well-formed): C0 controls other
 * than tab, CR and LF, DEL, the noncharacters U+FFFE and U+FFFF, and a surrogate without its pair
 * (in a `u` regular expression a range of surrogates matches only unpaired ones).
 */
export const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF\uD800-\uDFFF]/u;
/** Every buyer field is one line of the invoice. */
const LINE_BREAK = /[\r\n]/;
const lineText = (required: string, max: number) =>
  string()
    .trim()
    .required(required)
    .max(max, INVOICE_MESSAGES.tooLong)
    .test('xml', INVOICE_MESSAGES.badCharacters, (v) => !v || !NOT_XML_CHARACTER.test(v))
    .test('line', INVOICE_MESSAGES.oneLine, (v) => !v || !LINE_BREAK.test(v));
/** Latin letters for a company (the tax register's spelling); a private person writes their name and address as they do. */
const buyerText = (person: boolean, required: string, max: number) =>
  person ? lineText(required, max) : lineText(required, max).test('latin', INVOICE_MESSAGES.latinOnly, (v) => !v || !NON_LATIN.test(v));
const isPerson = (kind: unknown) => kind === 'person';

const addressSchema = (person: boolean) =>
  object({
    street: buyerText(person, INVOICE_MESSAGES.streetRequired, BUYER_LIMITS.street),
    postalCode: buyerText(person, INVOICE_MESSAGES.postalCodeRequired, BUYER_LIMITS.postalCode).test('format', INVOICE_MESSAGES.postalCodeInvalid, function (v) {
      const country = String((this.parent as { country?: unknown }).country ?? 'PL').trim().toUpperCase();
      if (!v || NOT_XML_CHARACTER.test(v) || LINE_BREAK.test(v) || !POSTAL_CODE_FORMATS[country] || isValidPostalCode(country, v)) return true;
      return this.createError({ message: postalCodeMessage(country) });
    }),
    city: buyerText(person, INVOICE_MESSAGES.cityRequired, BUYER_LIMITS.city),
    country: string()
      .trim()
      .uppercase()
      .default('PL')
      .oneOf(person ? [...PERSON_COUNTRIES] : [...INVOICE_COUNTRIES], person ? INVOICE_MESSAGES.personCountryInvalid : INVOICE_MESSAGES.countryInvalid),
  })
    .required()
    // The postal code in the written form of the address's country, before it is checked and kept.
    .transform((v: unknown) => {
      if (!v || typeof v !== 'object') return v;
      const a = v as { postalCode?: unknown; country?: unknown };
      if (typeof a.postalCode !== 'string') return v;
      const country = typeof a.country === 'string' && a.country.trim() ? a.country : 'PL';
      return { ...a, postalCode: formatBuyerPostalCode(country, a.postalCode) };
    });

const COMPANY_ADDRESS = addressSchema(false);
const PERSON_ADDRESS = addressSchema(true);

export const invoiceBuyerSchema = object({
  kind: string().trim().lowercase().default('company').oneOf([...BUYER_KINDS], INVOICE_MESSAGES.kindInvalid),
  taxId: string()
    .trim()
    .when('kind', ([kind], s) =>
      isPerson(kind)
        ? s.test('none', INVOICE_MESSAGES.personTaxId, (v) => !v)
        : s
            .required(INVOICE_MESSAGES.taxIdRequired)
            .test('xml', INVOICE_MESSAGES.badCharacters, (v) => !v || !NOT_XML_CHARACTER.test(v))
            .test('nip', INVOICE_MESSAGES.taxIdInvalid, (v) => !!v && isValidNip(v))
            .transform((v: unknown) => (typeof v === 'string' && isValidNip(v) ? normaliseNip(v) : v)),
    ),
  name: string().when('kind', ([kind]) => buyerText(isPerson(kind), INVOICE_MESSAGES.nameRequired, BUYER_LIMITS.name)),
  address: COMPANY_ADDRESS.when('kind', ([kind]) => (isPerson(kind) ? PERSON_ADDRESS : COMPANY_ADDRESS)),
});

export const invoiceRequestSchema = object({ buyer: invoiceBuyerSchema.required() });

/** A checked buyer: `taxId` is the normalised NIP of a company, absent for a private person. */
export interface InvoiceBuyer {
  kind: BuyerKind;
  taxId?: string;
  name: string;
  address: InferType<typeof COMPANY_ADDRESS>;
}
