import { amount, buildFa3Xml, totalMinor, VAT_EXEMPTION_BASIS, type InvoiceData, type InvoiceLineData } from './fa3Xml';
import { fa3Errors } from './fa3Validate';

/** Every generated FA(3) document validates against the official XSD (xmllint). */
const seller = { taxId: '5250000015', name: 'Lab Shop Mokotów Sp. z o.o.', street: 'ul. Puławska 145', postalCode: '02-715', city: 'Warszawa', country: 'PL' };
const buyer = { taxId: '5260250274', name: 'Firma & Syn "Żółw" <Sp. j.>', street: 'ul. Prosta 5/7', postalCode: '00-850', city: 'Warszawa', country: 'PL' };

function invoice(lines: InvoiceLineData[], extra: Partial<InvoiceData> = {}): InvoiceData {
  return {
    kind: 'VAT',
    number: 'FV/2026/000001',
    issuedAt: '2026-11-26T10:00:00.000Z',
    saleDate: '2026-11-25',
    currency: 'PLN',
    seller,
    buyer,
    lines,
    payment: { paid: true, paidOn: '2026-11-25', method: 'on_visit' },
    ...extra,
  };
}

test('amounts are written to the grosz', () => {
  expect(amount(12345)).toBe('123.45');
  expect(amount(5)).toBe('0.05');
  expect(amount(0)).toBe('0.00');
  expect(amount(-4900)).toBe('-49.00');
});

describe.each([
  ['one analysis and the visit fee', [{ name: 'Glucose (Jan Kowalski)', amountMinor: 2990 }, { name: 'Home visit', amountMinor: 4900 }]],
  [
    'two patients, five analyses, odd grosz',
    [
      { name: 'TSH (Jan Kowalski)', amountMinor: 4101 },
      { name: 'Ferritin (Jan Kowalski)', amountMinor: 3999 },
      { name: 'Glucose (Łucja Żółć)', amountMinor: 1 },
      { name: 'Vitamin D 25-OH (Łucja Żółć)', amountMinor: 11999 },
      { name: 'Lipid profile (Łucja Żółć)', amountMinor: 8843 },
      { name: 'Home visit', amountMinor: 4500 },
    ],
  ],
  ['a free visit after a discount', [{ name: 'Complete blood count (Anna Nowak)', amountMinor: 1720 }, { name: 'Home visit', amountMinor: 0 }]],
])('a VAT invoice with %s', (_name, lines) => {
  const xml = buildFa3Xml(invoice(lines));

  test('validates against the FA(3) schema', () => {
    expect(fa3Errors(xml)).toBeNull();
  });

  test('has one exempt line per item and totals that add up', () => {
    expect(xml.match(/<FaWiersz>/g)).toHaveLength(lines.length);
    expect(xml.match(/<P_12>zw<\/P_12>/g)).toHaveLength(lines.length);
    const sum = lines.reduce((n, l) => n + l.amountMinor, 0);
    expect(xml).toContain(`<P_13_7>${amount(sum)}</P_13_7>`);
    expect(xml).toContain(`<P_15>${amount(sum)}</P_15>`);
    expect(xml).toContain(`<P_19>1</P_19>`);
    expect(xml).toContain(`<P_19A>${VAT_EXEMPTION_BASIS}</P_19A>`);
    expect(xml).toContain('<KodWaluty>PLN</KodWaluty>');
    expect(xml).toContain('<Zaplacono>1</Zaplacono>');
  });
});

test('special characters of names are escaped by the builder, not broken', () => {
  const xml = buildFa3Xml(invoice([{ name: 'A & B <x>', amountMinor: 100 }]));
  expect(xml).toContain('Firma &amp; Syn "Żółw" &lt;Sp. j.&gt;');
  expect(fa3Errors(xml)).toBeNull();
});

test('a correcting invoice references the original and carries the refunded lines negative', () => {
  const lines = [{ name: 'TSH (Jan Kowalski)', amountMinor: -4101 }];
  const xml = buildFa3Xml(
    invoice(lines, { kind: 'KOR', number: 'FV/2026/000002', corrected: { number: 'FV/2026/000001', issuedOn: '2026-11-26', ksefNumber: null, reason: 'Zwrot płatności' } }),
  );
  expect(fa3Errors(xml)).toBeNull();
  expect(xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
  expect(xml).toContain('<NrFaKorygowanej>FV/2026/000001</NrFaKorygowanej>');
  expect(xml).toContain('<DataWystFaKorygowanej>2026-11-26</DataWystFaKorygowanej>');
  expect(xml).toContain('<P_15>-41.01</P_15>');
  expect(totalMinor(lines)).toBe(-4101);
});

test('the validator does catch a broken document', () => {
  const xml = buildFa3Xml(invoice([{ name: 'Glucose', amountMinor: 100 }])).replace('<P_12>zw</P_12>', '<P_12>exempt</P_12>');
  expect(fa3Errors(xml)).toMatch(/P_12/);
});

test('a name over the schema limit does not validate (the service refuses it before)', () => {
  const xml = buildFa3Xml(invoice([{ name: 'Glucose', amountMinor: 100 }], { buyer: { ...buyer, name: 'x'.repeat(513) } }));
  expect(fa3Errors(xml)).toMatch(/Nazwa/);
});
