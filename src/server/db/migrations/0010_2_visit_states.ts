import { sql, type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * The home visit's own states beside the order's status: `orders.visit_state` (booked,
 * nurse_assigned, on_the_way, arrived, collected, not_at_home, cancelled), the arrival window the
 * nurse announces, `visit_version` (raised on every visit change, read by the order's event
 * stream), and `visit_events`: each change with its time, actor and reason, in order.
 * `analysis_results.preliminary` marks a value the laboratory may still change (HL7 OBR-25 = P).
 * Existing orders get the state their status and nurse imply.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('orders').addColumn('visit_state', 'text', (c) => c.notNull().defaultTo('booked')).execute();
    await db.schema.alterTable('orders').addColumn('visit_arrival_start', 'text').execute();
    await db.schema.alterTable('orders').addColumn('visit_arrival_end', 'text').execute();
    await db.schema.alterTable('orders').addColumn('visit_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('analysis_results').addColumn('preliminary', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('visit_events')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('actor_role', 'text')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('visit_events_order_idx').ifNotExists().on('visit_events').columns(['order_id', 'id']).execute();
    await sql`update orders set visit_state = 'nurse_assigned' where nurse_user_id is not null`.execute(db);
    await sql`update orders set visit_state = 'not_at_home' where not_at_home_at is not null`.execute(db);
    await sql`update orders set visit_state = 'collected' where status in ('sample_collected', 'in_lab', 'partial_results', 'completed')`.execute(db);
    await sql`update orders set visit_state = 'cancelled' where status = 'cancelled'`.execute(db);
  },
};
