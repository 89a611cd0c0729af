import type { Database } from './schema';
import { applyDemoScience } from './science';
import { applyDemoZones } from './demo/zones';
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * One set of migrations for SQLite and PostgreSQL. Only portable column types are used:
 * integer, real (double precision on PostgreSQL), text. Auto-increment ids become `serial`
 * on PostgreSQL and `integer primary key autoincrement` on SQLite.
 */
type Db = Kysely<unknown>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function idColumn(pg: boolean) {
  return [pg ? 'serial' : 'integer', (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;
}

const REAL = (pg: boolean) => (pg ? 'double precision' : 'real');

const m0001: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);

    await db.schema
      .createTable('price_lists')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('updated', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('laboratories')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('city_name', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('about_link', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('latitude', REAL(pg), (c) => c.notNull())
      .addColumn('longitude', REAL(pg), (c) => c.notNull())
      .addColumn('price_list_id', 'integer', (c) => c.notNull().references('price_lists.id'))
      .addColumn('visit_fee_minor', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('catalogue_headers')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('analyses')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('exec_period', 'integer', (c) => c.notNull())
      .addColumn('fasting_hours', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('preparation', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('restriction_gender', 'text')
      .addColumn('restriction_min_age', 'integer')
      .addColumn('restriction_max_age', 'integer')
      .addColumn('result_unit', 'text')
      .addColumn('ref_low', REAL(pg))
      .addColumn('ref_high', REAL(pg))
      .execute();
    // Prefix and substring search over code and name.
    await db.schema.createIndex('analyses_search_text_idx').ifNotExists().on('analyses').column('search_text').execute();
    if (pg) {
      await sql`create extension if not exists pg_trgm`.execute(db).catch(() => undefined);
      await sql`create index if not exists analyses_search_trgm_idx on analyses using gin (search_text gin_trgm_ops)`
        .execute(db)
        .catch(() => undefined);
    }

    await db.schema
      .createTable('analysis_headers')
      .ifNotExists()
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('header_id', 'integer', (c) => c.notNull().references('catalogue_headers.id'))
      .addPrimaryKeyConstraint('analysis_headers_pk', ['analysis_id', 'header_id'])
      .execute();
    await db.schema.createIndex('analysis_headers_header_idx').ifNotExists().on('analysis_headers').column('header_id').execute();

    await db.schema
      .createTable('analysis_prices')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('price_list_id', 'integer', (c) => c.notNull().references('price_lists.id'))
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('price_minor', 'integer', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('updated', 'text', (c) => c.notNull())
      .addUniqueConstraint('analysis_prices_list_analysis_uq', ['price_list_id', 'analysis_id'])
      .execute();
    await db.schema.createIndex('analysis_prices_analysis_idx').ifNotExists().on('analysis_prices').column('analysis_id').execute();

    await db.schema
      .createTable('materials')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('material_prices')
      .ifNotExists()
      .addColumn('price_list_id', 'integer', (c) => c.notNull().references('price_lists.id'))
      .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
      .addColumn('price_minor', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('material_prices_pk', ['price_list_id', 'material_id'])
      .execute();

    await db.schema
      .createTable('analysis_materials')
      .ifNotExists()
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
      .addColumn('optional', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('analysis_materials_pk', ['analysis_id', 'material_id'])
      .execute();

    await db.schema
      .createTable('profiles')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('updated', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('profile_analyses')
      .ifNotExists()
      .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('profile_analyses_pk', ['profile_id', 'analysis_id'])
      .execute();

    await db.schema
      .createTable('users')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('date_of_birth', 'text')
      .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('patient'))
      .addColumn('staff_laboratory_id', 'text', (c) => c.references('laboratories.id'))
      .addColumn('laboratory_id', 'text', (c) => c.references('laboratories.id'))
      .addColumn('locale', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('auth_tokens')
      .ifNotExists()
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('auth_tokens_user_idx').ifNotExists().on('auth_tokens').columns(['user_id', 'kind']).execute();

    await db.schema
      .createTable('login_attempts')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('success', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_attempts_key_at_idx').ifNotExists().on('login_attempts').columns(['key', 'at']).execute();

    await db.schema
      .createTable('patients')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_user', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('gender', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('locality', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('district', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('house_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('entrance_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('floor_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('apartment_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('address_notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('patients_user_idx').ifNotExists().on('patients').column('user_id').execute();

    await db.schema
      .createTable('cart_lines')
      .ifNotExists()
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id'))
      .addColumn('profile_id', 'integer', (c) => c.references('profiles.id'))
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'patient_id', 'analysis_id'])
      .execute();

    await db.schema
      .createTable('cart_material_decisions')
      .ifNotExists()
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
      .addColumn('bought', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_material_decisions_pk', ['user_id', 'material_id'])
      .execute();

    await db.schema
      .createTable('nurse_slots')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('laboratory_id', 'text', (c) => c.notNull().references('laboratories.id'))
      .addColumn('start_at', 'text', (c) => c.notNull())
      .addColumn('end_at', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('nurse_slots_capacity_ck', sql`booked >= 0 and booked <= capacity`)
      .execute();
    await db.schema.createIndex('nurse_slots_lab_start_idx').ifNotExists().on('nurse_slots').columns(['laboratory_id', 'start_at']).execute();

    await db.schema
      .createTable('orders')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('laboratory_id', 'text', (c) => c.notNull().references('laboratories.id'))
      .addColumn('slot_id', 'integer', (c) => c.notNull().references('nurse_slots.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
      .addColumn('delivery_price_minor', 'integer', (c) => c.notNull())
      .addColumn('total_minor', 'integer', (c) => c.notNull())
      .addColumn('payment_mode', 'text', (c) => c.notNull())
      .addColumn('nurse_checkout_date', 'text', (c) => c.notNull())
      .addColumn('address_country', 'text', (c) => c.notNull())
      .addColumn('address_city', 'text', (c) => c.notNull())
      .addColumn('address_street', 'text', (c) => c.notNull())
      .addColumn('address_entry', 'text', (c) => c.notNull())
      .addColumn('address_floor', 'text', (c) => c.notNull())
      .addColumn('address_apartment', 'text', (c) => c.notNull())
      .addColumn('address_intercom_code', 'text', (c) => c.notNull())
      .addColumn('address_notes', 'text', (c) => c.notNull())
      .addColumn('feedback_use_email', 'integer', (c) => c.notNull())
      .addColumn('feedback_use_phone', 'integer', (c) => c.notNull())
      .addColumn('feedback_quick_phone', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('orders_user_idempotency_uq', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('orders_user_idx').ifNotExists().on('orders').column('user_id').execute();
    await db.schema.createIndex('orders_lab_idx').ifNotExists().on('orders').columns(['laboratory_id', 'nurse_checkout_date']).execute();

    await db.schema
      .createTable('order_lines')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id'))
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id'))
      .addColumn('profile_id', 'integer', (c) => c.references('profiles.id'))
      .addColumn('price_minor', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_lines_order_idx').ifNotExists().on('order_lines').column('order_id').execute();

    await db.schema
      .createTable('order_materials')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id'))
      .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
      .addColumn('bought', 'integer', (c) => c.notNull())
      .addColumn('price_minor', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_materials_order_idx').ifNotExists().on('order_materials').column('order_id').execute();

    await db.schema
      .createTable('order_status_events')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('order_status_events_order_idx').ifNotExists().on('order_status_events').column('order_id').execute();

    await db.schema
      .createTable('analysis_results')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id'))
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id'))
      .addColumn('value_num', REAL(pg))
      .addColumn('value_text', 'text')
      .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ref_low', REAL(pg))
      .addColumn('ref_high', REAL(pg))
      .addColumn('ref_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('flag', 'text', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('entered_by', 'integer', (c) => c.references('users.id'))
      .addColumn('entered_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('analysis_results_uq', ['order_id', 'patient_id', 'analysis_id'])
      .execute();
    await db.schema.createIndex('analysis_results_patient_idx').ifNotExists().on('analysis_results').columns(['patient_id', 'analysis_id']).execute();
  },
};

/**
 * Catalogue search by word prefix through a b-tree index: one row per lower-cased word of an
 * analysis's code and name (see docs/benchmarks.md). `term` is compared bytewise (collation "C"
 * on PostgreSQL, BINARY on SQLite) so a prefix is a contiguous range of the index.
 * Nurse slot days: one row per laboratory and local day whose slots were generated, so the
 * schedule is topped up exactly once per day even when several app instances do it at once.
 */
const m0002: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    await sql
      .raw(
        `create table if not exists analysis_search_terms (
          term text ${pg ? 'collate "C" ' : ''}not null,
          analysis_id integer not null references analyses(id) on delete cascade,
          primary key (term, analysis_id))`,
      )
      .execute(db);
    await db.schema.createIndex('analysis_search_terms_analysis_idx').ifNotExists().on('analysis_search_terms').column('analysis_id').execute();
    await db.schema
      .createTable('nurse_slot_days')
      .ifNotExists()
      .addColumn('laboratory_id', 'text', (c) => c.notNull().references('laboratories.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('nurse_slot_days_pk', ['laboratory_id', 'day'])
      .execute();
    // Analyses written before this migration get their terms now.
    const rows = await sql<{ id: number; code: string; name: string }>`select id, code, name from analyses`.execute(db);
    const { searchTermsOf } = await import('../repositories/searchTerms');
    const values = rows.rows.flatMap((r) => searchTermsOf(r.code, r.name).map((term) => ({ term, analysis_id: r.id })));
    const tdb = db.withTables<{ analysis_search_terms: { term: string; analysis_id: number } }>();
    for (let i = 0; i < values.length; i += 500) {
      await tdb.insertInto('analysis_search_terms').values(values.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
    }
  },
};

/** A user is their own patient at most once (`is_user = 1`), even under concurrent requests. */
const m0003: Migration = {
  async up(db: Db) {
    await sql`create unique index if not exists patients_one_self_uq on patients (user_id) where is_user = 1`.execute(db);
  },
};

/**
 * Catalogue science (LOINC, UCUM, reference intervals by sex and age, critical limits), the
 * interpretation and range provenance of results, and read-only share links. Existing results keep
 * their stored range; their interpretation is derived from the stored flag and value.
 */
const m0004: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    // One column per statement: SQLite adds one column at a time.
    await db.schema.alterTable('analyses').addColumn('loinc', 'text').execute();
    await db.schema.alterTable('analyses').addColumn('ucum_unit', 'text').execute();
    await db.schema.alterTable('analyses').addColumn('critical_low', REAL(pg)).execute();
    await db.schema.alterTable('analyses').addColumn('critical_high', REAL(pg)).execute();
    await db.schema.createIndex('analyses_loinc_idx').ifNotExists().on('analyses').column('loinc').execute();

    await db.schema
      .createTable('analysis_reference_ranges')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('gender', 'text')
      .addColumn('min_age', 'integer')
      .addColumn('max_age', 'integer')
      .addColumn('low', REAL(pg))
      .addColumn('high', REAL(pg))
      .addColumn('text', 'text')
      .execute();
    await db.schema.createIndex('analysis_reference_ranges_analysis_idx').ifNotExists().on('analysis_reference_ranges').columns(['analysis_id', 'position']).execute();

    await db.schema.alterTable('analysis_results').addColumn('interpretation', 'text').execute();
    await db.schema.alterTable('analysis_results').addColumn('range_source', 'text', (c) => c.notNull().defaultTo('legacy')).execute();
    await db.schema.alterTable('analysis_results').addColumn('range_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`update analysis_results set interpretation = case
        when flag = 'low' then 'L'
        when flag = 'high' then 'H'
        when flag = 'critical' and value_num is not null and ref_low is not null and value_num < ref_low then 'LL'
        when flag = 'critical' then 'HH'
        else 'N' end`.execute(db);

    await db.schema
      .createTable('result_shares')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('last_opened_at', 'text')
      .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('result_shares_order_patient_idx').ifNotExists().on('result_shares').columns(['order_id', 'patient_id']).execute();
    await db.schema
      .createTable('result_share_openings')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('share_id', 'integer', (c) => c.notNull().references('result_shares.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();

    await applyDemoScience(db as unknown as Kysely<Database>);
  },
};

/**
 * Home-visit coverage: the postal code of the order address and the zones (postal-code prefixes with
 * a visit fee) of each laboratory. Existing orders keep an empty postal code; existing demo
 * laboratories get their demo zones.
 */
const m0005Coverage: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('orders').addColumn('address_postal_code', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema
      .createTable('laboratory_zones')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('laboratory_id', 'text', (c) => c.notNull().references('laboratories.id').onDelete('cascade'))
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('visit_fee_minor', 'integer', (c) => c.notNull())
      .addUniqueConstraint('laboratory_zones_lab_prefix_uq', ['laboratory_id', 'country', 'prefix'])
      .execute();
    await db.schema.createIndex('laboratory_zones_country_idx').ifNotExists().on('laboratory_zones').columns(['country', 'prefix']).execute();
    await applyDemoZones(db as unknown as Kysely<Database>);
  },
};

/** Promo codes per laboratory, their redemptions, and the code and discount of an order. */
const m0005Promo: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('orders').addColumn('promo_code', 'text').execute();
    await db.schema.alterTable('orders').addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('promo_codes')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('laboratory_id', 'text', (c) => c.references('laboratories.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('min_order_minor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_from', 'text')
      .addColumn('valid_to', 'text')
      .addColumn('max_uses', 'integer')
      .addColumn('per_user_limit', 'integer')
      .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('promo_redemptions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('promo_code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('discount_minor', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promo_redemptions_code_user_idx').ifNotExists().on('promo_redemptions').columns(['promo_code_id', 'user_id']).execute();
  },
};

/** The SEQUENCE of each order's calendar event; existing orders start at 0. */
const m0005Calendar: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('orders').addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/**
 * Nurses: a staff user's role in the laboratory (`staff` runs the console, `nurse` makes the home
 * visits; null for patients), the nurse assigned to each order's visit, and a visit where nobody
 * opened the door ("not at home", with the nurse's note and time).
 */
const m0005Nurse: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('users').addColumn('staff_role', 'text').execute();
    await sql`update users set staff_role = 'staff' where role = 'staff'`.execute(db);
    await db.schema.alterTable('orders').addColumn('nurse_user_id', 'integer', (c) => c.references('users.id')).execute();
    await db.schema.alterTable('orders').addColumn('not_at_home_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('not_at_home_note', 'text').execute();
    await db.schema.createIndex('orders_nurse_user_idx').ifNotExists().on('orders').column('nurse_user_id').execute();
  },
};

/**
 * Results integrity: the identity of each patient as it was when the order was placed (results,
 * their PDF and FHIR export read it from here, so renaming a patient later leaves old results
 * untouched; existing orders get today's identity), and every earlier revision of a corrected result.
 */
const m0006OrderPatients: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('order_patients')
      .ifNotExists()
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('patient_id', 'integer', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('gender', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_patients_pk', ['order_id', 'patient_id'])
      .execute();
    await sql`insert into order_patients (order_id, patient_id, first_name, last_name, gender, date_of_birth)
      select distinct order_lines.order_id, order_lines.patient_id, patients.first_name, patients.last_name, patients.gender, patients.date_of_birth
      from order_lines inner join patients on patients.id = order_lines.patient_id
      on conflict do nothing`.execute(db);

    await db.schema.alterTable('analysis_results').addColumn('corrected_at', 'text').execute();
    await db.schema
      .createTable('analysis_result_revisions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('result_id', 'integer', (c) => c.notNull().references('analysis_results.id'))
      .addColumn('value_num', REAL(pg))
      .addColumn('value_text', 'text')
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('ref_low', REAL(pg))
      .addColumn('ref_high', REAL(pg))
      .addColumn('ref_text', 'text', (c) => c.notNull())
      .addColumn('flag', 'text', (c) => c.notNull())
      .addColumn('interpretation', 'text')
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('entered_by', 'integer')
      .addColumn('entered_at', 'text', (c) => c.notNull())
      .addColumn('replaced_by', 'integer')
      .addColumn('replaced_at', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analysis_result_revisions_result_idx').ifNotExists().on('analysis_result_revisions').columns(['result_id', 'id']).execute();
  },
};

/**
 * The audit trail: append-only records of sign-ins, lock-outs, password and role changes and every
 * staff or share-link read or write of health data. Triggers refuse any update or delete on both
 * databases, so no code path can rewrite the trail.
 */
const m0006Audit: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('audit_events')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('share_id', 'integer')
      .addColumn('subject_user_id', 'integer')
      .addColumn('laboratory_id', 'text')
      .addColumn('order_id', 'integer')
      .addColumn('patient_id', 'integer')
      .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('audit_events_subject_idx').ifNotExists().on('audit_events').columns(['subject_user_id', 'id']).execute();
    await db.schema.createIndex('audit_events_lab_idx').ifNotExists().on('audit_events').columns(['laboratory_id', 'id']).execute();
    if (pg) {
      await sql`create or replace function audit_events_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit records are append-only'; end $$`.execute(db);
      await sql`drop trigger if exists audit_events_no_change on audit_events`.execute(db);
      await sql`create trigger audit_events_no_change before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(db);
    } else {
      await sql`create trigger if not exists audit_events_no_update before update on audit_events begin select raise(abort, 'audit records are append-only'); end`.execute(db);
      await sql`create trigger if not exists audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit records are append-only'); end`.execute(db);
    }
  },
};

/**
 * Scheduled work kept in the database (docs/backend.md, "Scheduled jobs"): one row per job, `key`
 * unique so a job is scheduled once (e.g. `visit-reminder:<orderId>`), claimed with a conditional
 * update and a lease.
 */
const m0005Jobs: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('jobs')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claim_token', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('done_at', 'text')
      .execute();
    await db.schema.createIndex('jobs_due_idx').ifNotExists().on('jobs').columns(['status', 'run_at']).execute();
  },
};

/**
 * Sign-in sessions: one row per sign-in with its idle and absolute expiry; access tokens belong to a
 * session (`auth_tokens.session_id`); refresh tokens (SHA-256 only) are rotated on every use and the
 * replaced ones are kept so a second use of one is recognised as reuse.
 */
const m0009Sessions: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('sessions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('idle_seconds', 'integer', (c) => c.notNull())
      .addColumn('idle_expires_at', 'text', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').ifNotExists().on('sessions').columns(['user_id', 'id']).execute();
    await db.schema
      .createTable('refresh_tokens')
      .ifNotExists()
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('replaced_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_session_idx').ifNotExists().on('refresh_tokens').column('session_id').execute();
    await db.schema.alterTable('auth_tokens').addColumn('session_id', 'integer').execute();
    await db.schema.createIndex('auth_tokens_session_idx').ifNotExists().on('auth_tokens').column('session_id').execute();
  },
};

/** Ordered by name; add new migrations with a larger prefix, never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_search_terms_and_slot_days': m0002,
  '0003_patients_one_self': m0003,
  '0004_catalogue_science_and_shares': m0004,
  '0005_1_visit_coverage': m0005Coverage,
  '0005_2_promo_codes': m0005Promo,
  '0005_3_calendar_sequence': m0005Calendar,
  '0005_5_nurse_role': m0005Nurse,
  '0006_5_1_order_patients_and_result_revisions': m0006OrderPatients,
  '0006_5_2_audit_trail': m0006Audit,
  '0005_4_jobs': m0005Jobs,
  '0009_1_sessions': m0009Sessions,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
