import type { Db } from '@/server/db/createDb';
import type { NotAtHomeDto, NurseVisitDto, NurseVisitPatientDto, NurseVisitsDto, OrderStatusDto, StaffMemberDto, VisitMaterialDto } from '@/shared/types/results';
import type { NurseVisitStateDto } from '@/shared/types/staff';
import type { CatalogueI18nDto } from '@/shared/types/api';
import { isNurse, type AuthUser } from '@/server/http/auth';
import { conflict, forbidden, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import * as repo from '@/server/orders/repositories/orders';
import * as visitsRepo from '@/server/visits/repositories/visits';
import { findSlot, findSlotsByIds } from '@/server/visits/repositories/slots';
import { findLaboratoriesByIds, findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { localDay, localToUtc, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { staffDisplayName } from './nurseNames';
import { visitPaymentDto } from './visitMoney';
import { listVisitPayments } from './repositories/visitPayments';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import { orderAddressDto, visitDto } from '@/server/orders/orders';
import { LAB_DEFAULTS } from '@/shared/laboratory';
import { intlLocale } from '@/shared/i18n';
import { buildAppUrl } from '@/server/mail/mailer';
import { noticeNotAtHome } from '@/server/notifications/notices';
import { addressLine, formatVisit } from '@/server/mail/templates/common';
import { notAtHomeMail } from '@/server/mail/templates/notAtHome';
import { actorOfUser, checkVisitMove, followVisit } from './visitStates';
import { actorOf, recordAudit, type AuditContext } from '@/server/audit/audit';
import { listRejections } from '@/server/orders/repositories/rejections';
import { BUTTERFLY_REASONS, type RejectionReason } from '@/shared/sampleRejection';
import { inWriteTransaction } from '@/server/db/transactions';
import { needsOfVisits } from './visitNeeds';
import { i18nOf, namesI18n } from '@/server/catalogue/catalogueNames';

/**
 * The nurse's day (spec §4 states kept; see docs/spec-decisions.md): the home visits of a day in
 * time order with what the nurse needs at the door (address, intercom, floor, notes, phone), the
 * patients and the materials to bring; "samples collected" (the existing status step) and "not at
 * home" with a note (a flag on the order, not a status). A nurse sees only visits assigned to them;
 * other staff of the laboratory see every visit of it.
 */

export const NURSE_STEP_ONLY = 'A nurse can only mark a visit as samples collected';
export const NOT_A_NURSE = 'Choose a nurse of this laboratory';
export const VISIT_CLOSED = 'This visit is already past the home-visit stage';

/** Statuses in which the visit is still ahead (the nurse may collect or find nobody at home). */
const OPEN_VISIT: readonly OrderStatusDto[] = ['placed', 'visit_confirmed'];

export const nurseCanCollect = (status: OrderStatusDto) => OPEN_VISIT.includes(status);

/** A nurse of the order's laboratory to whom the visit is assigned. */
export function isNurseOfVisit(user: AuthUser | null, order: repo.OrderRow): boolean {
  return isNurse(user) && !!user && user.staffLaboratoryId === order.laboratory_id && order.nurse_user_id === user.id;
}

export function staffMemberDto(row: visitsRepo.StaffMemberRow | undefined): StaffMemberDto | null {
  return row ? { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, displayName: staffDisplayName(row) } : null;
}

export function notAtHomeDto(order: repo.OrderRow): NotAtHomeDto | null {
  return order.not_at_home_at ? { at: order.not_at_home_at, note: order.not_at_home_note ?? '' } : null;
}

function nextDayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The materials to bring, counted, each with its catalogue names in ru and pl (the card names them in the nurse's language). */
function countMaterials(rows: { material_id: number; name: string }[], names: Map<number, CatalogueI18nDto>): VisitMaterialDto[] {
  const counts = new Map<number, VisitMaterialDto>();
  for (const r of rows) {
    const m = counts.get(r.material_id);
    if (m) m.count += 1;
    else counts.set(r.material_id, { name: r.name, ...i18nOf(names, r.material_id), count: 1 });
  }
  return [...counts.values()];
}

/**
 * Whether the nurse's steps (on the way, arrived, collected, not at home) are taken now: only on the
 * visit's day in the laboratory's time zone; before it the card says they open that day.
 */
function visitDayOf(start: string, timeZone: string, now: Date): NurseVisitDto['visitDay'] {
  const day = localDay(new Date(start), timeZone);
  const today = localDay(now, timeZone);
  return day === today ? 'today' : day > today ? 'ahead' : 'past';
}

/** What a state move changes on the card, from the order's row, its slot and its laboratory's country. */
function visitStateDto(o: repo.OrderRow, slot: { start_at: string; end_at: string } | undefined, country: string, now: Date): NurseVisitStateDto {
  const visit = visitDto(o, slot, timeZoneOf(country));
  return {
    orderId: o.id,
    status: o.status,
    visit,
    notAtHome: notAtHomeDto(o),
    visitState: o.visit_state,
    // Only while it means something: announced and not yet over (a correction back to "assigned" drops it).
    arrivalWindow: o.visit_arrival_start && o.visit_arrival_end && (o.visit_state === 'on_the_way' || o.visit_state === 'arrived') ? { start: o.visit_arrival_start, end: o.visit_arrival_end } : null,
    canMarkCollected: nurseCanCollect(o.status),
    canMarkNotAtHome: nurseCanCollect(o.status),
    visitDay: visitDayOf(visit.start, visit.timeZone, now),
  };
}

/** The state part of the card of an order the caller has read and may see: two reads (the slot, the laboratory). */
export async function visitStateOf(db: Db, order: repo.OrderRow, now = new Date()): Promise<NurseVisitStateDto> {
  const [slot, lab] = await Promise.all([findSlot(db, order.slot_id), findLaboratory(db, order.laboratory_id)]);
  return visitStateDto(order, slot, lab?.country ?? '', now);
}

async function visitDtos(db: Db, orders: repo.OrderRow[], user: AuthUser, now = new Date()): Promise<NurseVisitDto[]> {
  const ids = orders.map((o) => o.id);
  const [slots, labs, lines, materials, customers, nurses, paidAtVisit] = await Promise.all([
    findSlotsByIds(db, orders.map((o) => o.slot_id)),
    findLaboratoriesByIds(db, orders.map((o) => o.laboratory_id)),
    repo.listLines(db, ids),
    visitsRepo.listVisitMaterials(db, ids),
    Promise.all([...new Set(orders.map((o) => o.user_id))].map((id) => repo.getUser(db, id))),
    visitsRepo.getStaffMembers(db, orders.flatMap((o) => (o.nurse_user_id ? [o.nurse_user_id] : []))),
    listVisitPayments(db, ids),
  ]);
  // A redraw shows why the first sample failed: after haemolysis, too little blood or clotting the nurse uses a butterfly needle.
  const firstDraws = await listRejections(db, orders.flatMap((o) => (o.redraw_of ? [o.redraw_of] : [])));
  const redrawOf = (o: repo.OrderRow) => {
    if (!o.redraw_of) return null;
    const reasons = [...new Set(firstDraws.filter((r) => r.order_id === o.redraw_of && r.staff_task === 0).map((r) => r.reason as RejectionReason))];
    return { reasons, butterfly: reasons.some((r) => BUTTERFLY_REASONS.includes(r)) };
  };
  const [visitNeeds, materialNames, analysisNames] = await Promise.all([
    needsOfVisits(db, ids, lines),
    namesI18n(db, 'material', [...new Set(materials.map((m) => m.material_id))]),
    namesI18n(db, 'analysis', [...new Set(lines.map((l) => l.analysis_id))]),
  ]);
  return orders.map((o) => {
    const customer = customers.find((u) => u?.id === o.user_id);
    const orderMaterials = materials.filter((m) => m.order_id === o.id);
    const patients = new Map<number, NurseVisitPatientDto>();
    for (const l of lines.filter((x) => x.order_id === o.id)) {
      let p = patients.get(l.patient_id);
      if (!p) {
        p = {
          id: l.patient_id,
          firstName: l.first_name,
          lastName: l.last_name,
          dateOfBirth: l.date_of_birth,
          gender: l.gender,
          analyses: [],
          materials: countMaterials(orderMaterials.filter((m) => m.patient_id === l.patient_id), materialNames),
        };
        patients.set(l.patient_id, p);
      }
      p.analyses.push({ code: l.code, name: l.name, ...i18nOf(analysisNames, l.analysis_id) });
    }
    const state = visitStateDto(o, slots.get(o.slot_id), labs.get(o.laboratory_id)?.country ?? '', now);
    return {
      ...state,
      number: o.number,
      address: orderAddressDto(o),
      phone: o.feedback_quick_phone || customer?.phone || '',
      customer: { firstName: customer?.first_name ?? '', lastName: customer?.last_name ?? '' },
      patients: [...patients.values()],
      materials: countMaterials(orderMaterials, materialNames),
      nurse: staffMemberDto(o.nurse_user_id ? nurses.get(o.nurse_user_id) : undefined),
      redraw: redrawOf(o),
      needs: visitNeeds.get(o.id) ?? null,
      payment: visitPaymentDto(o, paidAtVisit.find((p) => p.order_id === o.id), isNurseOfVisit(user, o)),
    };
  });
}

/**
 * GET staff/visits?day=YYYY-MM-DD: the visits of the day (default: today in the laboratory's time
 * zone) that the caller may see, in time order. Cancelled visits are left out.
 */
export async function listVisits(db: Db, user: AuthUser, day: string | undefined, audit?: AuditContext, now = new Date()): Promise<NurseVisitsDto> {
  const visits = await visitsOfDay(db, user, day, now);
  if (audit) await recordAudit(db, { action: 'health_read', ...actorOf(audit.actor), laboratoryId: user.staffLaboratoryId, ip: audit.ip, detail: `visits of ${visits.day} (${visits.visits.length})` });
  return visits;
}

async function visitsOfDay(db: Db, user: AuthUser, day: string | undefined, now: Date): Promise<NurseVisitsDto> {
  const labId = user.staffLaboratoryId;
  if (!labId) return { day: day ?? now.toISOString().slice(0, 10), timeZone: 'UTC', visits: [] };
  const lab = await findLaboratory(db, labId);
  const timeZone = timeZoneOf(lab?.country ?? '');
  const shown = day ?? localDay(now, timeZone);
  const from = localToUtc(shown, 0, timeZone).toISOString();
  const to = localToUtc(nextDayOf(shown), 0, timeZone).toISOString();
  const orders = await visitsRepo.listVisitOrders(db, labId, from, to, isNurse(user) ? user.id : null);
  return { day: shown, timeZone, visits: await visitDtos(db, orders, user, now) };
}

/** A visit the caller may see: staff of its laboratory, or the nurse it is assigned to (404 otherwise). */
async function loadVisit(db: Db, user: AuthUser, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.getOrder(db, orderId);
  if (!order || !(isStaffOf(user, order.laboratory_id) || isNurseOfVisit(user, order))) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** GET staff/visits/{orderId}. */
export async function getVisit(db: Db, user: AuthUser, orderId: number, audit?: AuditContext): Promise<NurseVisitDto> {
  const dto = await visitOf(db, user, await loadVisit(db, user, orderId));
  if (audit) await recordAudit(db, { action: 'health_read', ...actorOf(audit.actor), orderId, ip: audit.ip, detail: 'visit' });
  return dto;
}

/** The visit's card from an order row the caller has read and may see (not read again). */
export async function visitOf(db: Db, user: AuthUser, order: repo.OrderRow, now = new Date()): Promise<NurseVisitDto> {
  const [dto] = await visitDtos(db, [order], user, now);
  return dto as NurseVisitDto;
}

/**
 * POST staff/visits/{orderId}/not-at-home: nobody opened the door; the order keeps its status. The
 * first mark mails the ordering user (whatever their contact choice: they need to act) that the
 * nurse could not find them and how to arrange another visit; a later mark only updates the note.
 */
export async function markNotAtHome(db: Db, user: AuthUser, orderId: number, note: string, audit?: AuditContext, now = new Date()): Promise<NurseVisitDto> {
  await notAtHome(db, user, await loadVisit(db, user, orderId), note, now);
  const visit = await getVisit(db, user, orderId);
  if (audit) await recordAudit(db, { action: 'health_write', ...actorOf(audit.actor), orderId, ip: audit.ip, detail: 'visit not at home' });
  return visit;
}

/**
 * "Not at home" on an order the caller has read and may see (`markNotAtHome`; the visit's state
 * action passes the row it read under the order's lock, in its transaction): 409 once the visit is
 * past the home-visit stage, or by the visit's rules unless `ruleChecked` (the caller ran
 * `checkVisitMove` on this row, so the rule runs once per request).
 */
export async function notAtHome(db: Db, user: AuthUser, order: repo.OrderRow, note: string, now: Date, opts: { ruleChecked?: boolean } = {}): Promise<void> {
  if (!nurseCanCollect(order.status)) throw conflict(VISIT_CLOSED, undefined, ERROR_CODES.visitClosed);
  if (!opts.ruleChecked && order.visit_state !== 'not_at_home') await checkVisitMove(db, order, 'not_at_home', now);
  await inWriteTransaction(db, async (trx) => {
    const first = await visitsRepo.setNotAtHome(trx, order.id, note, now.toISOString());
    // Only the first mark moves the visit and mails; a later (or a parallel, second) one updates the note.
    if (first) {
      await followVisit(trx, order, 'not_at_home', actorOfUser(user), note, now);
      await mailNotAtHome(trx, order, now);
    }
  });
}

/** Queues the "not at home" mail and push (in the mark's transaction), in the user's saved language. */
async function mailNotAtHome(db: Db, order: repo.OrderRow, now: Date): Promise<void> {
  const slot = (await findSlotsByIds(db, [order.slot_id])).get(order.slot_id);
  await noticeNotAtHome(
    db,
    order,
    ({ language, t, laboratory: lab }) => {
      const visit = visitDto(order, slot, timeZoneOf(lab?.country ?? ''));
      return notAtHomeMail(
        {
          number: order.number,
          when: formatVisit(visit.start, visit.end, timeZoneOf(lab?.country ?? 'PL'), intlLocale(language)),
          where: addressLine(orderAddressDto(order), t),
          laboratory: { city: lab?.city_name || LAB_DEFAULTS.cityName, phone: lab?.phone ?? '', email: lab?.email ?? '' },
          orderLink: buildAppUrl(`/orders/${order.id}`),
        },
        t,
      );
    },
    now,
  );
}

/** GET staff/nurses: the nurses of the caller's laboratory (for the assign control). */
export async function listLabNurses(db: Db, user: AuthUser): Promise<StaffMemberDto[]> {
  if (!user.staffLaboratoryId || isNurse(user)) throw forbidden('Not available to nurses');
  // By the name staff read (a nurse without one by e-mail), so two nurses never look alike.
  const shown = (m: StaffMemberDto) => m.displayName ?? m.email;
  return (await visitsRepo.listNurses(db, user.staffLaboratoryId)).map((r) => staffMemberDto(r) as StaffMemberDto).sort((a, b) => shown(a).localeCompare(shown(b)) || a.id - b.id);
}
