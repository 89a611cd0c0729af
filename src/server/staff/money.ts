import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { labTimeToIso } from '@/shared/labTime';
import { timeZoneOfCountry } from '@/shared/timeZones';
import { toMajor } from '@/shared/money';
import type { MoneyAnomalyDto, MoneyDayDto, MoneyMethodDayDto } from '@/shared/types/money';
import { keptAfterRefundsMinor, owedMinor, type MoneyFacts } from '@/server/payments/invariant';
import * as repo from './repositories/money';

/**
 * The staff money page (docs/payments.md, docs/invoices.md): for one day of the staff member's
 * laboratory (its time zone) and each payment method, what was paid, refunded, kept and is still
 * being refunded; and what needs a look now, each with its order: an order whose documents (the
 * invoice and its corrections) add up to another amount than was kept, a refund unsettled for over
 * 24 hours, an order whose money breaks the invariant (what it keeps once the refunds asked for settle
 * is not what it owes: payments/invariant.ts), and an invoice KSeF rejected. The day's movements also
 * as CSV.
 */
const METHODS = ['online', 'on_visit'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface Movement {
  at: string;
  method: 'online' | 'on_visit';
  orderId: number;
  orderNumber: string;
  kind: 'payment' | 'refund';
  minor: number;
}

async function dayData(db: Db, staff: AuthUser, date: string, now: Date) {
  const laboratoryId = staff.staffLaboratoryId as string;
  const lab = await findLaboratory(db, laboratoryId);
  const zone = timeZoneOfCountry(lab?.country);
  const from = labTimeToIso(date, '00:00', zone) ?? `${date}T00:00:00.000Z`;
  const to = labTimeToIso(nextDay(date), '00:00', zone) ?? `${nextDay(date)}T00:00:00.000Z`;
  const [online, visits, refunds, documented, moneyOrders, moneyRows, rejected] = await Promise.all([
    repo.onlinePayments(db, laboratoryId, from, to),
    repo.visitPayments(db, laboratoryId, from, to),
    repo.refundsUntil(db, laboratoryId, now.toISOString() > to ? now.toISOString() : to),
    repo.documentedOrders(db, laboratoryId),
    repo.onlineOrdersWithMoney(db, laboratoryId),
    repo.onlineMoneyRows(db, laboratoryId),
    repo.ksefRejectedInvoices(db, laboratoryId),
  ]);
  const movements: Movement[] = [
    ...online.map((o) => ({ at: o.paid_at as string, method: 'online' as const, orderId: o.id, orderNumber: o.number, kind: 'payment' as const, minor: o.paid_minor || o.total_minor })),
    ...visits.map((o) => ({ at: o.paid_at, method: 'on_visit' as const, orderId: o.id, orderNumber: o.number, kind: 'payment' as const, minor: o.total_minor })),
    ...refunds
      .filter((r) => r.status === 'done' && r.settled_at && r.settled_at >= from && r.settled_at < to)
      .map((r) => ({ at: r.settled_at as string, method: r.payment_method, orderId: r.order_id, orderNumber: r.number, kind: 'refund' as const, minor: r.amount_minor })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.orderId - b.orderId);

  const methods: MoneyMethodDayDto[] = METHODS.map((method) => {
    const sum = (kind: Movement['kind']) => movements.filter((m) => m.method === method && m.kind === kind).reduce((n, m) => n + m.minor, 0);
    const pending = refunds.filter((r) => r.payment_method === method && r.created_at < to && (r.status === 'pending' || r.status === 'requested')).reduce((n, r) => n + r.amount_minor, 0);
    const paid = sum('payment');
    const refunded = sum('refund');
    return { method, paid: toMajor(paid), refunded: toMajor(refunded), kept: toMajor(paid - refunded), pendingRefunds: toMajor(pending) };
  });

  const settledOf = new Map<number, number>();
  for (const r of refunds) if (r.status === 'done') settledOf.set(r.order_id, (settledOf.get(r.order_id) ?? 0) + r.amount_minor);
  const anomalies: MoneyAnomalyDto[] = [];
  for (const o of documented) {
    const paid = o.payment_method === 'online' ? o.paid_minor : o.total_minor;
    const kept = paid - (settledOf.get(o.id) ?? 0);
    const documents = Number(o.documents_minor);
    if (documents !== kept) anomalies.push({ kind: 'document_total', orderId: o.id, orderNumber: o.number, amount: toMajor(documents), expected: toMajor(kept), since: null });
  }
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  for (const r of refunds) {
    if ((r.status === 'pending' || r.status === 'requested') && r.created_at < dayAgo) {
      anomalies.push({ kind: 'refund_pending', orderId: r.order_id, orderNumber: r.number, amount: toMajor(r.amount_minor), expected: null, since: r.created_at });
    }
  }
  anomalies.push(...invariantAnomalies(moneyOrders, moneyRows));
  for (const r of rejected) {
    anomalies.push({ kind: 'ksef_rejected', orderId: r.order_id, orderNumber: r.number, amount: toMajor(r.total_minor), expected: null, since: r.ksef_sent_at ?? r.issued_at, document: r.document, reason: r.ksef_rejection_reason ?? null });
  }
  return { dto: { date, currency: lab?.currency ?? 'PLN', methods, anomalies } satisfies MoneyDayDto, movements };
}

/**
 * Orders whose money breaks the invariant: what they keep once every refund asked for has settled is
 * not what they owe (paid twice and nothing going back, or more refunded than the rule allows). A
 * refund under way counts as going back (its delay has its own anomaly, `refund_pending`).
 */
function invariantAnomalies(orders: Awaited<ReturnType<typeof repo.onlineOrdersWithMoney>>, rows: Awaited<ReturnType<typeof repo.onlineMoneyRows>>): MoneyAnomalyDto[] {
  const out: MoneyAnomalyDto[] = [];
  for (const order of orders) {
    const facts: MoneyFacts = { order, attempts: rows.attempts.filter((a) => a.order_id === order.id), refunds: rows.refunds.filter((r) => r.order_id === order.id) };
    const kept = keptAfterRefundsMinor(facts);
    const owed = owedMinor(facts);
    if (kept !== owed) out.push({ kind: 'invariant', orderId: order.id, orderNumber: order.number, amount: toMajor(kept), expected: toMajor(owed), since: null });
  }
  return out;
}

/** GET staff/money?date=YYYY-MM-DD. */
export async function moneyDay(db: Db, staff: AuthUser, date: string, now = new Date()): Promise<MoneyDayDto> {
  return (await dayData(db, staff, date, now)).dto;
}

const csvCell = (v: string | number) => (/[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const amountText = (minor: number) => (minor / 100).toFixed(2);

/** GET staff/money.csv?date=YYYY-MM-DD: the day's payments and settled refunds, one per line, then the totals per method. */
export async function moneyDayCsv(db: Db, staff: AuthUser, date: string, now = new Date()): Promise<{ fileName: string; body: Buffer }> {
  const { dto, movements } = await dayData(db, staff, date, now);
  const lines = [['date', 'time', 'method', 'order', 'kind', 'amount', 'currency'].join(',')];
  for (const m of movements) lines.push([date, m.at, m.method, m.orderNumber, m.kind, m.kind === 'refund' ? amountText(-m.minor) : amountText(m.minor), dto.currency].map(csvCell).join(','));
  for (const t of dto.methods) {
    lines.push([date, '', t.method, '', 'paid', t.paid.toFixed(2), dto.currency].map(csvCell).join(','));
    lines.push([date, '', t.method, '', 'refunded', t.refunded.toFixed(2), dto.currency].map(csvCell).join(','));
    lines.push([date, '', t.method, '', 'kept', t.kept.toFixed(2), dto.currency].map(csvCell).join(','));
    lines.push([date, '', t.method, '', 'pending_refunds', t.pendingRefunds.toFixed(2), dto.currency].map(csvCell).join(','));
  }
  return { fileName: `money-${staff.staffLaboratoryId ?? 'lab'}-${date}.csv`, body: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') };
}
