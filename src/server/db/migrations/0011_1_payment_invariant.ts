import { sql, type Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * The money invariant (docs/payments.md, "One money invariant"): each refund says why it exists
 * (`cancel`: the refund rule on cancellation; `staff`: a staff partial refund, which lowers what the
 * order owes; `overpaid`: a payment beyond what the order owes, refunded at once). At most one
 * `overpaid` refund per attempt, so a repeated notification cannot refund the same payment twice.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('payment_refunds').addColumn('kind', 'text', (c) => c.notNull().defaultTo('cancel')).execute();
    await sql`UPDATE payment_refunds SET kind = 'overpaid' WHERE reason LIKE 'Paid after%'`.execute(db);
    await sql`UPDATE payment_refunds SET kind = 'staff' WHERE actor_user_id IS NOT NULL AND reason NOT LIKE 'Cancelled by%'`.execute(db);
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS payment_refunds_overpaid_idx ON payment_refunds (attempt_id) WHERE kind = 'overpaid'`.execute(db);
  },
};
