import { listJobsByKey } from '@/server/jobs/queue';
import { JOB } from '@/server/jobs/specs';
import * as accountData from '@/server/accounts/repositories/accountData';
import { findUserById } from '@/server/accounts/repositories/accounts';
import { listMailTo } from '@/server/mail/repositories/mailOutbox';
import { listUserInvoices, type InvoiceRow } from '@/server/invoices/repositories/invoices';
import * as notificationsRepo from '@/server/notifications/repositories/notifications';
import { listItemDto } from '@/server/invoices/service';
import type { Db } from '@/server/db/createDb';
import { notFound } from '@/server/http/errors';
import { actorOf, recordAudit } from '@/server/audit/audit';
import { patientsWithoutConsent } from '@/server/results/resultAccess';
import { withExportedNeeds } from '@/server/accounts/patientNeeds';

/**
 * `GET users/current/export`: everything the shop holds about the account as one JSON document
 * (right of access and to data portability): profile, patients, cart, orders with their lines,
 * materials, status events and frozen patient identities, results with earlier revisions, share
 * links with each opening, promo codes used, session and token metadata, the attempts counted against
 * the address by the limits, security events, scheduled jobs of the orders (reminders) and the audit
 * records about the account, and the notification choices and push devices. Secrets are left out: the password hash and the token and share-link
 * hashes; so are other people's client addresses (only the records where the user acted keep theirs),
 * and the results of family members whose results the account may not read (docs/privacy.md).
 * The mails sent are not part of it yet (they are kept by the mail outbox).
 */

export const EXPORT_FORMAT = 'lab-shop-account-export/2';

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
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  const { password_hash: _secret, ...profile } = user;
  // Recorded first, so the archive shows its own export too.
  await recordAudit(db, { action: 'account_exported', ...actorOf(user), subjectUserId: userId, ip }, now);
  const orders = await accountData.listUserOrders(db, userId);
  const orderIds = orders.map((o) => o.id);
  const email = user.email.toLowerCase();
  // The keys the limits count under for this account (rateLimit.ts): its address and its id.
  const attemptKeys = [`email:${email}`, `register:key:${email}`, `reset:key:${email}`, `support:key:${email}`, `activation:key:user:${userId}`, `order:key:user:${userId}`, `promo:key:user:${userId}`];
  const [records, jobs] = await Promise.all([
    accountData.readAccountRecords(db, userId, orderIds, attemptKeys),
    listJobsByKey(db, JOB.visitReminder, orderIds.map((id) => `${id}:`)),
  ]);
  const { patients, cartLines, cartMaterials, lines, materials, events, identities, shares, tokens, sessions, audit, redemptions, attempts, securityEvents } = records;
  // Only the results the account may read (household consent): not those of an adult who has not
  // agreed, refused or withdrew, nor of a child who turned 18; their order and its lines stay.
  const hidden = await patientsWithoutConsent(db, userId, [...new Set(records.results.map((r) => r.patient_id))], now);
  const results = records.results.filter((r) => !hidden.has(r.patient_id));
  const mails = await listMailTo(db, user.email);
  const shareIds = shares.map((sh) => sh.id);
  const openings = await accountData.listShareOpenings(db, shareIds);
  const resultIds = results.map((r) => r.id);
  const invoices = await listUserInvoices(db, userId);
  const [notificationSettings, pushDevices] = await Promise.all([notificationsRepo.listSettings(db, userId), notificationsRepo.listSubscriptions(db, userId)]);
  const revisions = await accountData.listResultRevisions(db, resultIds);
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile,
    patients: await withExportedNeeds(db, patients),
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
    shareOpenings: openings,
    promoRedemptions: redemptions,
    sessions,
    accessTokens: tokens,
    limitAttempts: attempts,
    securityEvents,
    scheduledJobs: jobs.map((j) => ({ kind: j.name, state: j.state, runAt: j.runAt, createdAt: j.createdAt })),
    // The mails the shop sent or owes to the account's address: what and when, never the body.
    mails: mails.map((m) => ({ kind: m.kind, status: m.status, createdAt: m.created_at, sentAt: m.sent_at })),
    // The channels chosen per event, and the devices with push on: the push service and when (the endpoint is a device's secret address).
    notifications: {
      settings: notificationSettings.map((n) => ({ event: n.event, email: n.email === 1, push: n.push === 1, updatedAt: n.updated_at })),
      pushDevices: pushDevices.map((d) => ({ pushService: new URL(d.endpoint).host, createdAt: d.created_at })),
    },
    // The client address only where the user acted; not the staff's or a share reader's.
    auditRecords: audit.map(({ actor_user_id, client_ip, ...r }) => (actor_user_id === userId ? { ...r, client_ip } : r)),
  };
}
