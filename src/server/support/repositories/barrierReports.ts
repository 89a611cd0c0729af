import type { Insertable } from 'kysely';
import type { BarrierReportTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';

/** Barriers reported on the accessibility statement, tickets of a laboratory (support/barrierReports.ts). */

export async function insertBarrierReport(db: Db, row: Insertable<BarrierReportTable>): Promise<number> {
  const r = await db.insertInto('barrier_reports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** The laboratory's reports, open ones first, soonest due first; `overdue`: open and due before `now`. */
export async function listBarrierReports(db: Db, laboratoryId: string, q: { status?: 'open' | 'closed' | 'overdue'; limit?: number; offset?: number }, now: string) {
  let query = db
    .selectFrom('barrier_reports')
    .selectAll()
    .where('laboratory_id', '=', laboratoryId)
    .orderBy('status', 'desc')
    .orderBy('due_at')
    .orderBy('id')
    .limit(q.limit ?? 200)
    .offset(q.offset ?? 0);
  if (q.status === 'open' || q.status === 'closed') query = query.where('status', '=', q.status);
  if (q.status === 'overdue') query = query.where('status', '=', 'open').where('due_at', '<', now);
  return query.execute();
}

export async function findBarrierReport(db: Db, laboratoryId: string, id: number) {
  return db.selectFrom('barrier_reports').selectAll().where('id', '=', id).where('laboratory_id', '=', laboratoryId).executeTakeFirst();
}

/** Closes an open report; undefined when it was not open (any more). */
export async function closeOpenBarrierReport(db: Db, id: number) {
  return db.updateTable('barrier_reports').set({ status: 'closed' }).where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
}
