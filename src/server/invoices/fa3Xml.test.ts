import { amount, buildFa3Xml, rateTotals, totalMinor, VAT_EXEMPTION_BASIS, type InvoiceData, type InvoiceLineData } from './fa3Xml';
import { fa3Errors, fa3SchemaErrors } from './fa3Validate';

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

describe('VAT per line', () => {
  const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

  test('exempt analyses with materials at 8 % and 23 %: each rate has its totals, P_15 is the sum of the lines, both validators accept it', async () => {
    const lines: InvoiceLineData[] = [
      { name: 'Badanie laboratoryjne: Glucose', amountMinor: 2990 },
      { name: 'Materiał do pobrania próbki: Saliva tube', amountMinor: 651, vatRate: '23' },
      { name: 'Materiał do pobrania próbki: Urine container', amountMinor: 299, vatRate: '8' },
      { name: 'Materiał do pobrania próbki: Blood tube', amountMinor: 500, vatRate: 'zw' },
      { name: 'Wizyta', amountMinor: 2500 },
    ];
    const xml = buildFa3Xml(invoice(lines));
    expect(fa3Errors(xml)).toBeNull();
    expect(await fa3SchemaErrors(xml)).toBeNull();
    // 23 %: 6.51 gross = 5.29 + 1.22; 8 %: 2.99 gross = 2.77 + 0.22 (0.2215 rounded); exempt 29.90 + 5.00 + 25.00.
    expect([tag(xml, 'P_13_1'), tag(xml, 'P_14_1'), tag(xml, 'P_13_2'), tag(xml, 'P_14_2'), tag(xml, 'P_13_7'), tag(xml, 'P_15')]).toEqual(['5.29', '1.22', '2.77', '0.22', '59.90', '69.40']);
    expect([...xml.matchAll(/<P_12>([^<]*)<\/P_12>/g)].map((m) => m[1])).toEqual(['zw', '23', '8', 'zw', 'zw']);
    expect(tag(xml, 'P_19')).toBe('1');
    expect(rateTotals(lines).map((r) => r.rate)).toEqual(['23', '8', 'zw']);
  });

  test('a correction of a taxed material alone carries negative totals and no exemption (P_19N)', async () => {
    const xml = buildFa3Xml(
      invoice([{ name: 'Materiał do pobrania próbki: Saliva tube', amountMinor: -651, vatRate: '23' }], {
        kind: 'KOR',
        number: 'FV/2026/000002',
        corrected: { number: 'FV/2026/000001', issuedOn: '2026-11-26', ksefNumber: null, reason: 'Zwrot zapłaty' },
      }),
    );
    expect(fa3Errors(xml)).toBeNull();
    expect(await fa3SchemaErrors(xml)).toBeNull();
    expect([tag(xml, 'P_13_1'), tag(xml, 'P_14_1'), tag(xml, 'P_15'), tag(xml, 'P_19N')]).toEqual(['-5.29', '-1.22', '-6.51', '1']);
    expect(tag(xml, 'P_13_7')).toBeUndefined();
  });

  test('the runtime validator refuses what the schema refuses, with its messages', async () => {
    const xml = buildFa3Xml(invoice([{ name: 'Wizyta', amountMinor: 2500 }])).replace('<P_2>', '<P_2X>x</P_2X><P_2>');
    expect(await fa3SchemaErrors(xml)).toMatch(/P_2X/);
    expect(await fa3SchemaErrors('<?xml version="1.0"?><Faktura>\u0001</Faktura>')).toMatch(/invalid Char value 1/);
  });
});
