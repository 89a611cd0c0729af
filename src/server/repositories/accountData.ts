import type { Db } from '../db/createDb';

/**
 * An account's data across the tables, for its erasure (services/accountErasure.ts) and its export
 * (services/accountExport.ts): which rows are blanked, deleted or read is decided there.
 */

/** Blanks the account row: an unreachable address, an unusable password, no name or contact data. */
export async function anonymiseUser(db: Db, userId: number, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: `erased-${userId}@erased.invalid`, password_hash: passwordHash, first_name: '', last_name: '', phone: null, date_of_birth: null, email_confirmed: 0, locale: null, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Blanks the names, contact data and addresses of the account's patients (sex and date of birth stay). */
export async function anonymisePatients(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('patients')
    .set({ first_name: '', last_name: '', email: null, phone: null, country: '', region: '', locality: '', district: '', street: '', house_number: '', entrance_number: '', floor_number: '', apartment_number: '', address_notes: '', updated_at: at })
    .where('user_id', '=', userId)
    .execute();
}

/** Blanks the account's orders: the identities frozen on them, their addresses and phones, and the notes of their steps. */
export async function anonymiseOrders(db: Db, userId: number, at: string): Promise<void> {
  const orderIds = (await db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).map((o) => o.id);
  if (orderIds.length) {
    await db.updateTable('order_patients').set({ first_name: '', last_name: '' }).where('order_id', 'in', orderIds).execute();
    await db
      .updateTable('orders')
      .set({ address_city: '', address_street: '', address_postal_code: '', address_entry: '', address_floor: '', address_apartment: '', address_intercom_code: '', address_notes: '', not_at_home_note: null, feedback_quick_phone: '', updated_at: at })
      .where('user_id', '=', userId)
      .execute();
    // Free-text notes of the order's steps may name the person (status notes are not part of the kept results).
    await db.updateTable('order_status_events').set({ note: '' }).where('order_id', 'in', orderIds).execute();
  }
}
