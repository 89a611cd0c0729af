import type { Db } from '@/server/db/createDb';

/**
 * An account's data across the tables, for its erasure (privacy/accountErasure.ts) and its export
 * (privacy/accountExport.ts): which rows are blanked, deleted or read is decided there.
 */

/** Blanks the account row: an unreachable address, an unusable password, no name or contact data. */
export async function anonymiseUser(db: Db, userId: number, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: `erased-${userId}@erased.invalid`, password_hash: passwordHash, first_name: '', last_name: '', phone: null, date_of_birth: null, email_confirmed: 0, locale: null, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Blanks the names, national identifiers, contact data and addresses of the account's patients (sex and date of birth stay). */
export async function anonymisePatients(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('patients')
    .set({ first_name: '', last_name: '', email: null, phone: null, country: '', region: '', locality: '', district: '', street: '', house_number: '', entrance_number: '', floor_number: '', apartment_number: '', address_notes: '', pesel: null, personal_number: null, updated_at: at })
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

/** The account's rows for its export, read side by side; `orderIds` are its orders, `attemptKeys` the limits' keys it is counted under. */
export async function readAccountRecords(db: Db, userId: number, orderIds: number[], attemptKeys: string[]) {
  const inOrders = <T>(q: () => Promise<T[]>) => (orderIds.length ? q() : Promise.resolve([] as T[]));
  const [patients, cartLines, cartMaterials, lines, materials, events, identities, results, shares, tokens, sessions, audit, redemptions, attempts, securityEvents] = await Promise.all([
    db.selectFrom('patients').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('cart_lines').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('cart_material_decisions').selectAll().where('user_id', '=', userId).execute(),
    inOrders(() => db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()),
    inOrders(() => db.selectFrom('order_materials').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()),
    inOrders(() => db.selectFrom('order_status_events').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()),
    inOrders(() => db.selectFrom('order_patients').selectAll().where('order_id', 'in', orderIds).execute()),
    inOrders(() =>
      db
        .selectFrom('analysis_results')
        .innerJoin('analyses', 'analyses.id', 'analysis_results.analysis_id')
        .selectAll('analysis_results')
        .select(['analyses.code as analysis_code', 'analyses.name as analysis_name'])
        .where('analysis_results.order_id', 'in', orderIds)
        .orderBy('analysis_results.id')
        .execute(),
    ),
    db.selectFrom('result_shares').select(['id', 'order_id', 'patient_id', 'created_at', 'expires_at', 'revoked_at', 'last_opened_at', 'open_count']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('auth_tokens').select(['kind', 'created_at', 'expires_at', 'revoked_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_used_at', 'user_agent', 'idle_expires_at', 'absolute_expires_at', 'revoked_at', 'revoked_reason'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('audit_events')
      .select(['at', 'action', 'actor_kind', 'actor_user_id', 'order_id', 'patient_id', 'client_ip', 'detail'])
      .where((eb) => eb.or([eb('subject_user_id', '=', userId), eb('actor_user_id', '=', userId)]))
      .orderBy('id')
      .execute(),
    db.selectFrom('promo_redemptions').innerJoin('promo_codes', 'promo_codes.id', 'promo_redemptions.promo_code_id').select(['promo_codes.code', 'promo_redemptions.order_id', 'promo_redemptions.discount_minor', 'promo_redemptions.created_at']).where('promo_redemptions.user_id', '=', userId).orderBy('promo_redemptions.id').execute(),
    db.selectFrom('login_attempts').select(['key', 'at', 'success']).where('key', 'in', attemptKeys).orderBy('id').execute(),
    db.selectFrom('security_events').select(['action', 'count', 'first_at', 'last_at']).where('subject_user_id', '=', userId).orderBy('id').execute(),
  ]);
  return { patients, cartLines, cartMaterials, lines, materials, events, identities, results, shares, tokens, sessions, audit, redemptions, attempts, securityEvents };
}

/** The account's orders, oldest first. */
export async function listUserOrders(db: Db, userId: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Every opening of the given share links. */
export async function listShareOpenings(db: Db, shareIds: number[]) {
  return shareIds.length ? db.selectFrom('result_share_openings').select(['share_id', 'at']).where('share_id', 'in', shareIds).orderBy('id').execute() : [];
}

/** The earlier values of the given results. */
export async function listResultRevisions(db: Db, resultIds: number[]) {
  return resultIds.length
    ? db
        .selectFrom('analysis_result_revisions')
        .select(['result_id', 'value_num', 'value_text', 'unit', 'ref_low', 'ref_high', 'ref_text', 'flag', 'interpretation', 'comment', 'entered_at', 'replaced_at', 'reason'])
        .where('result_id', 'in', resultIds)
        .orderBy('id')
        .execute()
    : [];
}
