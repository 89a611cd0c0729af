import type { Db } from '../db/createDb';
import type { AuthUser } from '../http/auth';
import { badRequest, HttpError } from '../http/errors';
import { reserveAction } from '../rateLimit';
import { getLaboratory, listLaboratories } from './laboratories';
import { BARRIER_DUE_DAYS, type BarrierReportDto, type BarrierReportInput } from '@/lib/validation/accessibility';
import { SUPPORT_MESSAGES } from '@/lib/validation/support';
import { SUPPORT_RATE_MESSAGE } from './support';

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
  const row = await db
    .insertInto('barrier_reports')
    .values({ laboratory_id: laboratoryId, name: input.name, email: input.email.toLowerCase(), page: input.page ?? '', message: input.message, created_at: now.toISOString(), due_at: dueAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, dueAt };
}

/** GET staff/barrier-reports: the laboratory's reported barriers, open ones first, soonest due first. */
export async function listBarrierReports(db: Db, staff: AuthUser): Promise<BarrierReportDto[]> {
  if (!staff.staffLaboratoryId) return [];
  const rows = await db.selectFrom('barrier_reports').selectAll().where('laboratory_id', '=', staff.staffLaboratoryId).orderBy('status', 'desc').orderBy('due_at').limit(200).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, page: r.page, message: r.message, status: r.status, createdAt: r.created_at, dueAt: r.due_at }));
}
