import { sql, type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

// The demo laboratories' sellers as they were when this migration was written (copied from
// db/demo/sellers.ts, which the seed keeps using: a migration is frozen in time).
const DEMO_SELLERS: { laboratoryId: string; legalName: string; taxId: string; street: string; postalCode: string; city: string }[] = [] = [
  { laboratoryId: 'warsaw-mokotow', legalName: 'Lab Shop Mokotów Sp. z o.o.', taxId: '5250000015', street: 'ul. Puławska 145', postalCode: '02-715', city: 'Warszawa' },
  { laboratoryId: 'warsaw-srodmiescie', legalName: 'Lab Shop Śródmieście Sp. z o.o.', taxId: '5250000021', street: 'ul. Marszałkowska 87', postalCode: '00-683', city: 'Warszawa' },
  { laboratoryId: 'warsaw-praga', legalName: 'Lab Shop Praga Sp. z o.o.', taxId: '5250000038', street: 'ul. Targowa 64', postalCode: '03-734', city: 'Warszawa' },
  { laboratoryId: 'krakow-stare-miasto', legalName: 'Lab Shop Kraków Sp. z o.o.', taxId: '6760000049', street: 'ul. Długa 42', postalCode: '31-146', city: 'Kraków' },
  { laboratoryId: 'krakow-nowa-huta', legalName: 'Lab Shop Nowa Huta Sp. z o.o.', taxId: '6760000055', street: 'os. Centrum C 7', postalCode: '31-929', city: 'Kraków' },
  { laboratoryId: 'gdansk-wrzeszcz', legalName: 'Lab Shop Gdańsk Sp. z o.o.', taxId: '9570000065', street: 'al. Grunwaldzka 82', postalCode: '80-244', city: 'Gdańsk' },
  { laboratoryId: 'wroclaw-krzyki', legalName: 'Lab Shop Wrocław Sp. z o.o.', taxId: '8990000054', street: 'ul. Powstańców Śląskich 95', postalCode: '53-332', city: 'Wrocław' },
];

/**
 * VAT invoices (docs/invoices.md): the seller data of a laboratory, one gap-free number series per
 * seller and year, and the invoices themselves (VAT and corrections, immutable rows holding the
 * FA(3) XML as issued). The Polish demo laboratories get their demo seller data here when they exist.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('laboratory_sellers')
      .ifNotExists()
      .addColumn('laboratory_id', 'text', (c) => c.primaryKey())
      .addColumn('legal_name', 'text', (c) => c.notNull())
      .addColumn('tax_id', 'text', (c) => c.notNull())
      .addColumn('street', 'text', (c) => c.notNull())
      .addColumn('postal_code', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('invoice_counters')
      .ifNotExists()
      .addColumn('laboratory_id', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('invoice_counters_pk', ['laboratory_id', 'year'])
      .execute();
    await db.schema
      .createTable('invoices')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('laboratory_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      // The order id for the one VAT invoice of an order, null for corrections: unique, so a second VAT invoice cannot be written.
      .addColumn('vat_order_id', 'integer', (c) => c.unique())
      .addColumn('corrects_invoice_id', 'integer')
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('sale_date', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('total_minor', 'integer', (c) => c.notNull())
      .addColumn('seller_json', 'text', (c) => c.notNull())
      .addColumn('buyer_json', 'text', (c) => c.notNull())
      .addColumn('lines_json', 'text', (c) => c.notNull())
      .addColumn('payment_json', 'text', (c) => c.notNull())
      .addColumn('refund_key', 'text', (c) => c.unique())
      .addColumn('xml', 'text', (c) => c.notNull())
      .addColumn('ksef_number', 'text')
      .addColumn('ksef_sent_at', 'text')
      .addUniqueConstraint('invoices_series_uq', ['laboratory_id', 'year', 'seq'])
      .execute();
    await db.schema.createIndex('invoices_order_idx').ifNotExists().on('invoices').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('invoices_user_idx').ifNotExists().on('invoices').columns(['user_id']).execute();

    const labs = await sql<{ id: string }>`select id from laboratories`.execute(db);
    const present = new Set(labs.rows.map((r) => r.id));
    for (const s of DEMO_SELLERS.filter((d) => present.has(d.laboratoryId))) {
      await sql`insert into laboratory_sellers (laboratory_id, legal_name, tax_id, street, postal_code, city, country)
        values (${s.laboratoryId}, ${s.legalName}, ${s.taxId}, ${s.street}, ${s.postalCode}, ${s.city}, 'PL')`.execute(db);
    }
  },
};
