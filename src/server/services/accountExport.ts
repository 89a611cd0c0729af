import { listUserInvoices, type InvoiceRow } from '../repositories/invoices';
import { listItemDto } from '../invoices/service';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { recordAudit } from './audit';

/**
 * `GET users/current/export`: everything the shop holds about the account as one JSON document
 * (right of access and to data portability): profile, patients, cart, orders with their lines,
 * materials, status events and frozen patient identities, results with earlier revisions, share
 * links, token metadata and the audit records about the account. Secrets are left out: the
 * password hash and the token and share-link hashes.
 */
type Db = Kysely<Database>;

export const EXPORT_FORMAT = 'lab-shop-account-export/1';

/** An invoice as exported: its data as issued (the FA(3) XML itself is at its xmlUrl). */
function exportedInvoice(row: InvoiceRow) {
  return {
    ...listItemDto(row),
    saleDate: row.sale_date,
    seller: JSON.parse(row.seller_json) as unknown,
    buyer: JSON.parse(row.buyer_json) as unknown,
    lines: (JSON.parse(row.lines_json) as { name: string; amountMinor: number }[]).map((l) => ({ name: l.name, amountMinor: l.amountMinor })),
    ksefNumber: row.ksef_number,
  };
}

export async function exportAccount(db: Db, userId: number, ip = '', now = new Date()) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User not found');
  const { password_hash: _secret, ...profile } = user;
  // Recorded first, so the archive shows its own export too.
  await recordAudit(db, { action: 'account_exported', actorKind: user.role === 'staff' ? 'staff' : 'patient', actorUserId: userId, subjectUserId: userId, ip }, now);
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const orderIds = orders.map((o) => o.id);
  const inOrders = <T>(q: () => Promise<T[]>) => (orderIds.length ? q() : Promise.resolve([] as T[]));
  const [patients, cartLines, cartMaterials, lines, materials, events, identities, results, shares, tokens, signIns, audit] = await Promise.all([
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
      .select(['at', 'action', 'actor_kind', 'order_id', 'patient_id', 'client_ip', 'detail'])
      .where((eb) => eb.or([eb('subject_user_id', '=', userId), eb('actor_user_id', '=', userId)]))
      .orderBy('id')
      .execute(),
  ]);
  const resultIds = results.map((r) => r.id);
  const invoices = await listUserInvoices(db, userId);
  const revisions = resultIds.length
    ? await db
        .selectFrom('analysis_result_revisions')
        .select(['result_id', 'value_num', 'value_text', 'unit', 'ref_low', 'ref_high', 'ref_text', 'flag', 'interpretation', 'comment', 'entered_at', 'replaced_at', 'reason'])
        .where('result_id', 'in', resultIds)
        .orderBy('id')
        .execute()
    : [];
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile,
    patients,
    cart: { lines: cartLines, materialDecisions: cartMaterials },
    orders: orders.map((o) => ({
      ...o,
      lines: lines.filter((l) => l.order_id === o.id),
      materials: materials.filter((m) => m.order_id === o.id),
      events: events.filter((e) => e.order_id === o.id),
      patientsAsOrdered: identities.filter((p) => p.order_id === o.id),
      results: results.filter((r) => r.order_id === o.id).map((r) => ({ ...r, revisions: revisions.filter((v) => v.result_id === r.id) })),
      invoices: invoices.filter((i) => i.order_id === o.id).map(exportedInvoice),
    })),
    shareLinks: shares,
    sessions: tokens,
    signIns,
    auditRecords: audit,
  };
}
