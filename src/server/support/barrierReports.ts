import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { badRequest, HttpError, notFound } from '@/server/http/errors';
import { reserveAction } from '@/server/http/rateLimit';
import * as repo from '@/server/support/repositories/barrierReports';
import { getLaboratory, listLaboratories } from '@/server/laboratories/laboratories';
import { BARRIER_DUE_DAYS, type BarrierListQuery, type BarrierReportDto, type BarrierReportInput } from '@/shared/validation/accessibility';
import { actorOf, recordAudit } from '@/server/audit/audit';
import { SUPPORT_MESSAGES } from '@/shared/validation/support';
import { SUPPORT_RATE_MESSAGE } from './support';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Barriers reported on the accessibility statement (`/accessibility`): each is a ticket of the chosen
 * laboratory (the first one when none is chosen), due BARRIER_DUE_DAYS after the report, listed in
 * the laboratory's staff console (`GET staff/barrier-reports`). Limited like the support form.
 */

export async function reportBarrier(db: Db, input: BarrierReportInput, opts: { ip: string; now?: Date }): Promise<{ id: number; dueAt: string }> {
  const now = opts.now ?? new Date();
  let laboratoryId = input.laboratoryId;
  if (laboratoryId) {
    await getLaboratory(db, laboratoryId).catch((e: unknown) => {
      if (e instanceof HttpError && e.status === 404) throw badRequest(SUPPORT_MESSAGES.laboratoryInvalid, { laboratoryId: SUPPORT_MESSAGES.laboratoryInvalid });
      throw e;
    });
  } else {
    laboratoryId = (await listLaboratories(db))[0]?.id;
    if (!laboratoryId) throw new HttpError(503, 'No laboratory is configured');
  }
  await reserveAction(db, 'support', { ip: opts.ip, key: input.email }, SUPPORT_RATE_MESSAGE, now);
  const dueAt = new Date(now.getTime() + BARRIER_DUE_DAYS * 86400000).toISOString();
  const id = await repo.insertBarrierReport(db, { laboratory_id: laboratoryId, name: input.name, email: input.email.toLowerCase(), page: input.page ?? '', message: input.message, created_at: now.toISOString(), due_at: dueAt });
  return { id, dueAt };
}

const toDto = (r: { id: number; name: string; email: string; page: string; message: string; status: 'open' | 'closed'; created_at: string; due_at: string }): BarrierReportDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  page: r.page,
  message: r.message,
  status: r.status,
  createdAt: r.created_at,
  dueAt: r.due_at,
});

/**
 * GET staff/barrier-reports: the laboratory's reported barriers, open ones first, soonest due first;
 * filtered by status (`open`, `closed`, `overdue`: open and past the due date) and paged (`limit`, `offset`).
 */
export async function listBarrierReports(db: Db, staff: AuthUser, q: BarrierListQuery = {}, now = new Date()): Promise<BarrierReportDto[]> {
  if (!staff.staffLaboratoryId) return [];
  return (await repo.listBarrierReports(db, staff.staffLaboratoryId, q, now.toISOString())).map(toDto);
}

/** POST staff/barrier-reports/{id}/close: the laboratory's report is answered and closed (again: unchanged); audited. */
export async function closeBarrierReport(db: Db, staff: AuthUser, id: number, ip: string): Promise<BarrierReportDto> {
  const laboratoryId = staff.staffLaboratoryId;
  if (!laboratoryId) throw notFound('Report not found');
  return inWriteTransaction(db, async (trx) => {
    const row = await repo.findBarrierReport(trx, laboratoryId, id);
    if (!row) throw notFound('Report not found');
    if (row.status === 'closed') return toDto(row);
    const updated = await repo.closeOpenBarrierReport(trx, id);
    if (!updated) return toDto({ ...row, status: 'closed' });
    await recordAudit(trx, { action: 'barrier_closed', ...actorOf(staff), laboratoryId, ip, detail: `barrier report #${id}` });
    return toDto(updated);
  });
}
