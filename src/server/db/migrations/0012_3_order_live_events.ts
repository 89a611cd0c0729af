import { type Migration, sql } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * The order page's live events (GET orders/{id}/events, orders/orderEvents.ts) get ids: a row in
 * `order_live_events` for every change of an order's status, visit version or `updated_at`, written by
 * a trigger on `orders` in the same transaction as the change, so no code path that updates an order
 * can forget it. The row's id is the SSE `id:` of the event; a client that reconnects with
 * `Last-Event-ID` is sent every row of its order after that id. Ids of one order grow in commit order
 * (the order's row lock orders two writers of one order).
 *
 * On PostgreSQL the trigger also sends `NOTIFY "order_events:<schema>"` with `<orderId>:<eventId>`,
 * delivered at commit to every app instance listening on the database (its schema's channel only, so
 * schemas side by side never hear each other).
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('order_live_events')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_live_events_order_idx').ifNotExists().on('order_live_events').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('order_live_events_created_idx').ifNotExists().on('order_live_events').column('created_at').execute();
    if (pg) {
      await sql`
        create or replace function order_live_event() returns trigger language plpgsql as $$
        declare
          event_id integer;
        begin
          execute format('insert into %I.order_live_events (order_id, created_at) values ($1, $2) returning id', TG_TABLE_SCHEMA)
            into event_id
            using NEW.id, to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
          perform pg_notify('order_events:' || TG_TABLE_SCHEMA, NEW.id || ':' || event_id);
          return null;
        end
        $$`.execute(db);
      await sql`drop trigger if exists orders_live_event on orders`.execute(db);
      await sql`
        create trigger orders_live_event after update of status, visit_version, updated_at on orders for each row
        when (OLD.status is distinct from NEW.status or OLD.visit_version is distinct from NEW.visit_version or OLD.updated_at is distinct from NEW.updated_at)
        execute function order_live_event()`.execute(db);
    } else {
      await sql`
        create trigger if not exists orders_live_event after update of status, visit_version, updated_at on orders
        when OLD.status is not NEW.status or OLD.visit_version is not NEW.visit_version or OLD.updated_at is not NEW.updated_at
        begin
          insert into order_live_events (order_id, created_at) values (NEW.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        end`.execute(db);
    }
  },
};
