import crypto from 'node:crypto';
import { ValidationError } from 'yup';
import type { Db } from '@/server/db/createDb';
import type { OrderStatusDto, ResultsImportResponse, StaffOrderDetailDto, StaffOrderDto, StaffOrderPatientDto } from '@/shared/types/results';
import { nextStatuses, RESULT_ENTRY_STATUSES } from '@/shared/orderLifecycle';
import type { ResultsImport } from '@/shared/validation/results';
import type { AuthUser } from '@/server/http/auth';
import { badRequest, conflict, forbidden, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import { isNurse } from '@/server/http/auth';
import * as visitsRepo from '@/server/visits/repositories/visits';
import { paymentDto } from '@/server/payments/payments';
import { isNurseOfVisit, NOT_A_NURSE, NURSE_STEP_ONLY, notAtHomeDto, nurseCanCollect, staffMemberDto, VISIT_CLOSED } from '@/server/visits/nurseVisits';
import { getConfig } from '@/server/config';
import * as accountsRepo from '@/server/accounts/repositories/accounts';
import { hashPassword, isBreachedPassword } from '@/server/passwords';
import { isStrongEnough } from '@/shared/passwordScore';
import { passwordSchema } from '@/shared/validation/common';
import { VALIDATION_MESSAGES } from '@/shared/validation/messages';
import * as repo from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import * as staffRepo from '@/server/staff/repositories/staff';
import * as resultsRepo from '@/server/results/repositories/results';
import { findLaboratoriesByIds, laboratoryExists } from '@/server/laboratories/repositories/laboratories';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { eventDto } from '@/server/orders/orderLifecycle';
import { changeStatus, collectSamplesByNurse } from '@/server/orders/transitions';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import { actorOfUser, checkVisitDay, followVisit } from '@/server/visits/visitStates';
import { orderAddressDto, visitDto } from '@/server/orders/orders';
import { linesByPatient } from '@/server/orders/linesByPatient';
import { sampleCheckIn } from '@/server/orders/checkIn';
import { ageOn } from '@/shared/resultFlag';
import { resultDto } from '@/server/results/results';
import { findPanels } from '@/server/results/panels';
import { catalogueInterval, samplingDay, writeResults, type ResultInput } from '@/server/results/resultEntry';
import { actorOf, recordAudit, type AuditContext } from '@/server/audit/audit';
import { normalizeDisplayName } from './staffNames';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * The lab staff console: orders of the staff member's laboratory by visit day, status changes,
 * result entry and the import from a laboratory system. The route layer refuses non-staff (403);
 * here an order of another laboratory is 404, as if absent.
 */

/** An order of the caller's laboratory; for a nurse only a visit assigned to them (anything else is 404). */
async function loadLabOrder(db: Db, staff: AuthUser, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.getOrder(db, orderId);
  if (!order || !(isStaffOf(staff, order.laboratory_id) || isNurseOfVisit(staff, order))) throw notFound(ORDER_NOT_FOUND);
  return order;
}

async function staffOrders(db: Db, orders: repo.OrderRow[]): Promise<StaffOrderDto[]> {
  const ids = orders.map((o) => o.id);
  const [slots, labs, lines, results, users, days, nurses] = await Promise.all([
    findSlotsByIds(db, orders.map((o) => o.slot_id)),
    findLaboratoriesByIds(db, orders.map((o) => o.laboratory_id)),
    repo.listLines(db, ids),
    resultsRepo.listOrderResults(db, ids),
    Promise.all([...new Set(orders.map((o) => o.user_id))].map((id) => repo.getUser(db, id))),
    Promise.all(orders.map((o) => samplingDay(db, o))),
    visitsRepo.getStaffMembers(db, orders.flatMap((o) => (o.nurse_user_id ? [o.nurse_user_id] : []))),
  ]);
  // A panel's line (the blood count) is entered as its components, each with its own interval.
  const panels = await findPanels(db, lines.map((l) => l.analysis_id));
  const science = await resultsRepo.findScience(db, [...lines.map((l) => l.analysis_id), ...[...panels.components.values()].flat().map((c) => c.componentId)]);
  return orders.map((o, index) => {
    const day = days[index] as string;
    const user = users.find((u) => u?.id === o.user_id);
    const patients = linesByPatient(
      lines.filter((x) => x.order_id === o.id),
      (l): StaffOrderPatientDto => ({ id: l.patient_id, firstName: l.first_name, lastName: l.last_name, dateOfBirth: l.date_of_birth, gender: l.gender, analyses: [] }),
      (p, l) => {
        const parts = panels.components.get(l.analysis_id);
        const entered = parts?.length
          ? parts.map((c) => ({ analysisId: c.componentId, code: c.code, name: c.name, unit: c.resultUnit, panel: { analysisId: l.analysis_id, code: l.code, name: l.name } }))
          : [{ analysisId: l.analysis_id, code: l.code, name: l.name, unit: l.result_unit, panel: undefined }];
        for (const a of entered) {
          const r = results.find((x) => x.order_id === o.id && x.patient_id === l.patient_id && x.analysis_id === a.analysisId);
          const sci = science.get(a.analysisId);
          // The interval for this patient's sex and age on the sampling day.
          const interval = catalogueInterval(sci, l.gender, ageOn(l.date_of_birth, day));
          p.analyses.push({
            analysisId: a.analysisId,
            code: a.code,
            name: a.name,
            defaultUnit: a.unit ?? '',
            defaultRefLow: interval.low,
            defaultRefHigh: interval.high,
            defaultRefText: interval.text ?? '',
            criticalLow: sci?.critical_low ?? null,
            criticalHigh: sci?.critical_high ?? null,
            loinc: sci?.loinc ?? null,
            reportsText: sci?.reports_text === 1,
            ...(a.panel ? { panel: a.panel } : {}),
            result: r ? resultDto(r) : null,
          });
        }
      },
    );
    const all = [...patients.values()];
    return {
      id: o.id,
      number: o.number,
      status: o.status,
      createdAt: o.created_at,
      visit: visitDto(o, slots.get(o.slot_id), timeZoneOf(labs.get(o.laboratory_id)?.country ?? '')),
      address: orderAddressDto(o),
      contactPhone: o.feedback_quick_phone || user?.phone || '',
      customer: { firstName: user?.first_name ?? '', lastName: user?.last_name ?? '', email: user?.email ?? '' },
      patients: all,
      analysisCount: all.reduce((n, p) => n + p.analyses.length, 0),
      resultCount: all.reduce((n, p) => n + p.analyses.filter((a) => a.result).length, 0),
      nurse: staffMemberDto(o.nurse_user_id ? nurses.get(o.nurse_user_id) : undefined),
      notAtHome: notAtHomeDto(o),
    };
  });
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** GET staff/orders?date=YYYY-MM-DD: orders of the staff member's laboratory with a visit that day. */
export async function listLabOrders(db: Db, staff: AuthUser, date: string): Promise<StaffOrderDto[]> {
  if (!staff.staffLaboratoryId) return [];
  const orders = await staffOrders(db, await repo.listLabOrdersOnDate(db, staff.staffLaboratoryId, date, nextDay(date)));
  // The day list shows every patient's names, dates of birth and results: one record for the list.
  await recordAudit(db, { action: 'health_read', ...actorOf(staff), laboratoryId: staff.staffLaboratoryId, detail: `orders of ${date} (${orders.length})` });
  return orders;
}

/**
 * GET staff/orders/{id}. A nurse opens only a visit assigned to them, without results and with
 * "samples collected" as the only step offered.
 */
export async function getLabOrder(db: Db, staff: AuthUser, orderId: number, audit?: AuditContext): Promise<StaffOrderDetailDto> {
  const dto = await labOrderDetail(db, staff, orderId);
  if (audit) await recordAudit(db, { action: 'health_read', ...actorOf(audit.actor), orderId: dto.id, ip: audit.ip, detail: 'order' });
  return dto;
}

async function labOrderDetail(db: Db, staff: AuthUser, orderId: number): Promise<StaffOrderDetailDto> {
  const order = await loadLabOrder(db, staff, orderId);
  const [[dto], events, payment] = await Promise.all([staffOrders(db, [order]), repo.listEvents(db, order.id), paymentDto(db, order)]);
  const base = { ...(dto as StaffOrderDto), payment };
  const facts = { lineCount: base.analysisCount, resultCount: base.resultCount };
  if (isNurse(staff)) {
    return {
      ...base,
      customer: { firstName: base.customer.firstName, lastName: base.customer.lastName },
      patients: base.patients.map((p) => ({ ...p, analyses: p.analyses.map((a) => ({ ...a, result: null })) })),
      resultCount: 0,
      events: events.map((e) => eventDto(e, order.user_id)),
      nextStatuses: nurseCanCollect(order.status) ? ['sample_collected'] : [],
      canEnterResults: false,
    };
  }
  return {
    ...base,
    events: events.map((e) => eventDto(e, order.user_id)),
    nextStatuses: nextStatuses(order.status, facts),
    // The morning check-in travels with the sample.
    checkIn: await sampleCheckIn(db, order.id),
    canEnterResults: RESULT_ENTRY_STATUSES.includes(order.status),
  };
}

/**
 * POST staff/orders/{id}/status. A nurse may only mark their own visit "samples collected"
 * (passing through "visit confirmed" when the order was not confirmed yet), only on the visit's day
 * (409 otherwise); any other step is 403. Staff change the status whenever they record it.
 */
export async function setLabOrderStatus(db: Db, staff: AuthUser, orderId: number, status: OrderStatusDto, note = '', audit?: AuditContext): Promise<StaffOrderDetailDto> {
  const order = await loadLabOrder(db, staff, orderId);
  if (isNurse(staff)) {
    if (status !== 'sample_collected') throw forbidden(NURSE_STEP_ONLY);
    // The nurse's "samples collected" only on the visit's day; the console's status changes are not held to it.
    await checkVisitDay(db, order, 'collected', new Date());
    await collectSamplesByNurse(db, orderId, staff.id, note);
  } else await changeStatus(db, orderId, status, staff.id, note);
  const dto = await labOrderDetail(db, staff, orderId);
  if (audit) await recordAudit(db, { action: 'health_write', ...actorOf(audit.actor), orderId: dto.id, ip: audit.ip, detail: `status ${status}` });
  return dto;
}

/** PUT staff/orders/{id}/results. */
export async function enterLabResults(db: Db, staff: AuthUser, orderId: number, entries: ResultInput[], audit?: AuditContext): Promise<StaffOrderDetailDto> {
  await loadLabOrder(db, staff, orderId);
  await writeResults(db, orderId, entries, staff.id);
  const dto = await labOrderDetail(db, staff, orderId);
  if (audit) await recordAudit(db, { action: 'health_write', ...actorOf(audit.actor), orderId: dto.id, ip: audit.ip, detail: `results (${entries.length})` });
  return dto;
}

/**
 * POST staff/results/import: results from a laboratory system, by order number and analysis code.
 * Writing is an upsert per (order, patient, analysis), so posting the same file twice is harmless.
 */
export async function importResults(db: Db, staff: AuthUser, body: ResultsImport, audit?: AuditContext): Promise<ResultsImportResponse> {
  const order = await repo.getOrderByNumber(db, body.orderNumber);
  if (!order || !isStaffOf(staff, order.laboratory_id)) throw notFound(ORDER_NOT_FOUND);
  const analyses = await resultsRepo.findAnalysesByCode(db, body.results.map((r) => r.analysisCode));
  const fields: Record<string, string> = {};
  const entries: ResultInput[] = [];
  body.results.forEach((r, i) => {
    const analysis = analyses.get(r.analysisCode);
    if (!analysis) {
      fields[`results[${i}].analysisCode`] = 'Unknown analysis code';
      return;
    }
    entries.push({
      patientId: r.patientId,
      analysisId: analysis.id,
      value: r.value,
      unit: r.unit,
      refLow: r.refLow,
      refHigh: r.refHigh,
      refText: r.refText,
      flag: r.flag ?? null,
      rangeReason: r.rangeReason,
      comment: r.comment,
    });
  });
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] as string, fields);
  const { status, saved } = await writeResults(db, order.id, entries, staff.id, new Date(), 'import');
  if (audit) await recordAudit(db, { action: 'health_write', ...actorOf(audit.actor), orderId: order.id, ip: audit.ip, detail: `results import (${saved})` });
  return { orderId: order.id, status, saved };
}

/* ---------- staff accounts ---------- */

export type StaffRole = 'staff' | 'nurse';

export interface AddStaffOptions {
  /** `staff` (default): the console; `nurse`: home visits only. */
  role?: StaffRole;
  /** Needed to turn an existing account that is not staff yet into staff. */
  promote?: boolean;
  /** Sets the password now (read from standard input by the command); otherwise a set-password link is made. */
  password?: string;
  /** The name patients see ("Anna Nowak"); kept as it was when not given. */
  displayName?: string;
}

export interface StaffAccountResult {
  userId: number;
  created: boolean;
  promoted: boolean;
  laboratoryId: string;
  role: StaffRole;
  /** Single-use link to the reset-password page when no password was given. */
  setPasswordLink: string | null;
  /** Tokens of the account revoked by this change. */
  revokedTokens: number;
}

export const NEEDS_PROMOTE = 'This e-mail belongs to an existing account that is not staff; pass --promote to make it staff (its password and every sign-in are revoked)';
export const NOT_STAFF = 'No staff account with this e-mail';

function normalizedEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw badRequest('Enter a valid e-mail address', { email: 'Enter a valid e-mail address' });
  return normalized;
}

/** A hash no password matches: the account can sign in only after the set-password link is used. */
async function unusableHash(): Promise<string> {
  return hashPassword(crypto.randomBytes(32).toString('base64url'));
}

/**
 * Creates a staff user or nurse (`npm run staff:add`), or promotes an existing account with
 * `promote`. The e-mail counts as confirmed. Without a password the account gets a single-use
 * set-password link (a reset token on the shop's reset-password page), never a password on a
 * command line. Promotion replaces the password (whoever registered the address in advance must
 * not keep access) and revokes every token of the account; so does any change of an existing staff
 * account's laboratory or role.
 */
export async function addStaff(db: Db, email: string, laboratoryId: string, options: AddStaffOptions = {}): Promise<StaffAccountResult> {
  const normalized = normalizedEmail(email);
  const role: StaffRole = options.role ?? 'staff';
  if (role !== 'staff' && role !== 'nurse') throw badRequest('The role is staff or nurse', { role: 'The role is staff or nurse' });
  if (options.password !== undefined) {
    try {
      await passwordSchema.required(VALIDATION_MESSAGES.required).validate(options.password);
    } catch (e) {
      const message = e instanceof ValidationError ? e.message : String(e);
      throw badRequest(message, { password: message });
    }
    if (isBreachedPassword(options.password)) throw badRequest(VALIDATION_MESSAGES.passwordBreached, { password: VALIDATION_MESSAGES.passwordBreached });
    if (!isStrongEnough(options.password, [email])) throw badRequest(VALIDATION_MESSAGES.passwordWeak, { password: VALIDATION_MESSAGES.passwordWeak });
  }
  if (!laboratoryId || !(await laboratoryExists(db, laboratoryId))) {
    throw notFound(`Laboratory ${laboratoryId} not found`);
  }
  const displayName = options.displayName !== undefined ? normalizeDisplayName(options.displayName) : undefined;
  const hash = options.password !== undefined ? await hashPassword(options.password) : await unusableHash();
  const config = getConfig();
  const result = await inWriteTransaction(db, async (trx) => {
    const now = new Date();
    const existing = await accountsRepo.findUserByEmail(trx, normalized);
    let userId: number;
    let revokedTokens = 0;
    let promoted = false;
    if (existing) {
      if (existing.role !== 'staff' && !options.promote) throw conflict(NEEDS_PROMOTE, { email: NEEDS_PROMOTE });
      promoted = existing.role !== 'staff';
      await staffRepo.makeStaff(trx, existing.id, { role, laboratoryId, passwordHash: hash }, now.toISOString());
      revokedTokens = await accountsRepo.revokeAllUserTokens(trx, existing.id, now);
      userId = existing.id;
    } else {
      userId = await staffRepo.insertStaffUser(trx, { email: normalized, role, laboratoryId, passwordHash: hash }, now.toISOString());
    }
    if (displayName !== undefined) await accountsRepo.setDisplayName(trx, userId, displayName, now);
    let setPasswordLink: string | null = null;
    if (options.password === undefined) {
      const token = await accountsRepo.issueToken(trx, userId, 'reset', config.mailTokenTtl, now);
      setPasswordLink = `${config.appUrl}/reset-password?${new URLSearchParams({ token }).toString()}`;
    }
    await recordAudit(trx, { action: 'role_changed', actorKind: 'operator', subjectUserId: userId, laboratoryId, detail: `${existing ? existing.role : 'new account'} -> staff (${role})` });
    return { userId, created: !existing, promoted, laboratoryId, role, setPasswordLink, revokedTokens };
  });
  return result;
}

/**
 * Offboards a staff member (`npm run staff:remove`): the account becomes a plain customer account
 * again, every token is revoked and the visits still ahead lose their assigned nurse.
 */
export async function removeStaff(db: Db, email: string): Promise<{ userId: number; revokedTokens: number; unassignedVisits: number }> {
  const normalized = normalizedEmail(email);
  return inWriteTransaction(db, async (trx) => {
    const user = await accountsRepo.findUserByEmail(trx, normalized);
    if (!user || user.role !== 'staff') throw notFound(NOT_STAFF);
    const now = new Date();
    await staffRepo.makePatient(trx, user.id, now.toISOString());
    const revokedTokens = await accountsRepo.revokeAllUserTokens(trx, user.id, now);
    await recordAudit(trx, { action: 'role_changed', actorKind: 'operator', subjectUserId: user.id, laboratoryId: user.staff_laboratory_id, detail: 'staff -> patient' });
    const unassignedVisits = await staffRepo.unassignUpcomingVisits(trx, user.id, now.toISOString());
    return { userId: user.id, revokedTokens, unassignedVisits };
  });
}

/**
 * PUT staff/orders/{id}/nurse: assigns the visit to a nurse of the order's laboratory (null
 * unassigns). Another laboratory's order is 404; a user who is not a nurse of that laboratory is a
 * 400 naming `nurseUserId`; a visit past the home-visit stage is 409.
 */
export async function assignNurse(db: Db, staff: AuthUser, orderId: number, nurseUserId: number | null): Promise<StaffOrderDetailDto> {
  const order = await loadLabOrder(db, staff, orderId);
  if (nurseUserId !== null) {
    const nurse = (await visitsRepo.getStaffMembers(db, [nurseUserId])).get(nurseUserId);
    if (!nurse || nurse.role !== 'staff' || nurse.staff_role !== 'nurse' || nurse.staff_laboratory_id !== order.laboratory_id) {
      throw badRequest(NOT_A_NURSE, { nurseUserId: NOT_A_NURSE }, ERROR_CODES.notANurse);
    }
  }
  if (!nurseCanCollect(order.status)) throw conflict(VISIT_CLOSED, undefined, ERROR_CODES.visitClosed);
  await inWriteTransaction(db, async (trx) => {
    await visitsRepo.setNurse(trx, orderId, nurseUserId, new Date().toISOString());
    // Assigned: the patient sees that a nurse is coming; unassigned before the nurse set off: booked again.
    if (nurseUserId !== null && order.visit_state === 'booked') await followVisit(trx, order, 'nurse_assigned', actorOfUser(staff));
    if (nurseUserId === null && order.visit_state === 'nurse_assigned') await followVisit(trx, order, 'booked', actorOfUser(staff), 'Nurse unassigned');
    await recordAudit(trx, { action: 'health_write', ...actorOf(staff), orderId, detail: nurseUserId === null ? 'nurse unassigned' : `nurse ${nurseUserId} assigned` });
  });
  return getLabOrder(db, staff, orderId);
}
