import { type Migration, sql } from 'kysely';
import { isPostgres, idColumn, REAL } from './helpers';
import type { Db } from './helpers';

export const migration: Migration = {
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
