/**
 * Seller data of the Polish demo laboratories, as it appears on their VAT invoices: the legal
 * name, a demo NIP (valid check digit, not a real company) and the registered address. Written by
 * the migration that adds invoices (for databases seeded before it) and by the demo seed.
 */
export interface DemoSeller {
  laboratoryId: string;
  legalName: string;
  taxId: string;
  street: string;
  postalCode: string;
  city: string;
}

export const DEMO_SELLERS: DemoSeller[] = [
  { laboratoryId: 'warsaw-mokotow', legalName: 'Lab Shop Mokotów Sp. z o.o.', taxId: '5250000015', street: 'ul. Puławska 145', postalCode: '02-715', city: 'Warszawa' },
  { laboratoryId: 'warsaw-srodmiescie', legalName: 'Lab Shop Śródmieście Sp. z o.o.', taxId: '5250000021', street: 'ul. Marszałkowska 87', postalCode: '00-683', city: 'Warszawa' },
  { laboratoryId: 'warsaw-praga', legalName: 'Lab Shop Praga Sp. z o.o.', taxId: '5250000038', street: 'ul. Targowa 64', postalCode: '03-734', city: 'Warszawa' },
  { laboratoryId: 'krakow-stare-miasto', legalName: 'Lab Shop Kraków Sp. z o.o.', taxId: '6760000049', street: 'ul. Długa 42', postalCode: '31-146', city: 'Kraków' },
  { laboratoryId: 'krakow-nowa-huta', legalName: 'Lab Shop Nowa Huta Sp. z o.o.', taxId: '6760000055', street: 'os. Centrum C 7', postalCode: '31-929', city: 'Kraków' },
  { laboratoryId: 'gdansk-wrzeszcz', legalName: 'Lab Shop Gdańsk Sp. z o.o.', taxId: '9570000065', street: 'al. Grunwaldzka 82', postalCode: '80-244', city: 'Gdańsk' },
  { laboratoryId: 'wroclaw-krzyki', legalName: 'Lab Shop Wrocław Sp. z o.o.', taxId: '8990000054', street: 'ul. Powstańców Śląskich 95', postalCode: '53-332', city: 'Wrocław' },
];
