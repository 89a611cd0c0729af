import { object, string, type InferType } from 'yup';
import './safeStringCase';
import { isValidNip, normaliseNip } from '@/shared/nip';

/**
 * The buyer of a VAT invoice, shared by the invoice form and the server. The limits are those of
 * the FA(3) schema (names and address lines at most 512 characters; the postal code and city share
 * the second address line). Names are asked for in Latin letters, as the buyer is registered for
 * VAT in Poland: a Cyrillic name is refused rather than guessed at. Messages are English texts
 * that double as translation keys of the `invoices` namespace.
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
} as const;

export const BUYER_LIMITS = { name: 512, street: 512, postalCode: 16, city: 200 } as const;

/** EU member states (ISO 3166-1 alpha-2): the buyer has a Polish NIP and an address in the Union. */
export const INVOICE_COUNTRIES = [
  'PL', 'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

const NON_LATIN = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Han}\p{Script=Hebrew}]/u;
/**
 * Characters XML 1.0 cannot carry (an invoice with one is not even well-formed): C0 controls other
 * than tab, CR and LF, DEL, the noncharacters U+FFFE and U+FFFF, and a surrogate without its pair
 * (in a `u` regular expression a range of surrogates matches only unpaired ones).
 */
export const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF\uD800-\uDFFF]/u;
/** Every buyer field is one line of the invoice. */
const LINE_BREAK = /[\r\n]/;
const latinText = (required: string, max: number) =>
  string()
    .trim()
    .required(required)
    .max(max, INVOICE_MESSAGES.tooLong)
    .test('xml', INVOICE_MESSAGES.badCharacters, (v) => !v || !NOT_XML_CHARACTER.test(v))
    .test('line', INVOICE_MESSAGES.oneLine, (v) => !v || !LINE_BREAK.test(v))
    .test('latin', INVOICE_MESSAGES.latinOnly, (v) => !v || !NON_LATIN.test(v));

export const invoiceBuyerSchema = object({
  taxId: string()
    .trim()
    .required(INVOICE_MESSAGES.taxIdRequired)
    .test('xml', INVOICE_MESSAGES.badCharacters, (v) => !v || !NOT_XML_CHARACTER.test(v))
    .test('nip', INVOICE_MESSAGES.taxIdInvalid, (v) => !!v && isValidNip(v))
    .transform((v: unknown) => (typeof v === 'string' && isValidNip(v) ? normaliseNip(v) : v)),
  name: latinText(INVOICE_MESSAGES.nameRequired, BUYER_LIMITS.name),
  address: object({
    street: latinText(INVOICE_MESSAGES.streetRequired, BUYER_LIMITS.street),
    postalCode: latinText(INVOICE_MESSAGES.postalCodeRequired, BUYER_LIMITS.postalCode),
    city: latinText(INVOICE_MESSAGES.cityRequired, BUYER_LIMITS.city),
    country: string()
      .trim()
      .uppercase()
      .default('PL')
      .oneOf([...INVOICE_COUNTRIES], INVOICE_MESSAGES.countryInvalid),
  }).required(),
});

export const invoiceRequestSchema = object({ buyer: invoiceBuyerSchema.required() });

export type InvoiceBuyer = InferType<typeof invoiceBuyerSchema>;
