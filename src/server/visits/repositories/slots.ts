import type { Insertable, Selectable } from 'kysely';
import type { NurseSlotTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';

/** Reads and writes of nurse slots and of the days whose slots are generated; the only place that books a slot. */

export type SlotRecord = Selectable<NurseSlotTable>;

/**
 * Claims the local days of a laboratory's generated schedule and returns the days this call claimed
 * (a day claimed before, by this or a concurrent caller, is left out).
 */
export async function claimSlotDays(db: Db, laboratoryId: string, days: string[]): Promise<string[]> {
  if (!days.length) return [];
  const claimed = await db
    .insertInto('nurse_slot_days')
    .values(days.map((day) => ({ laboratory_id: laboratoryId, day })))
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .execute();
  return claimed.map((c) => c.day);
}

/** The generated days of a laboratory from `fromDay` on; `[]` also for a laboratory with hand-made slots. */
export async function findSlotDaysFrom(db: Db, laboratoryId: string, fromDay: string): Promise<string[]> {
  const rows = await db.selectFrom('nurse_slot_days').select('day').where('laboratory_id', '=', laboratoryId).where('day', '>=', fromDay).execute();
  return rows.map((r) => r.day);
}

/** Whether the laboratory's schedule is generated (it has generated days at all). */
export async function hasSlotDays(db: Db, laboratoryId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('nurse_slot_days').select('day').where('laboratory_id', '=', laboratoryId).limit(1).executeTakeFirst());
}

export async function insertSlots(db: Db, rows: Insertable<NurseSlotTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('nurse_slots').values(rows.slice(i, i + 200)).execute();
  }
}

export interface NurseSlotRecord {
  id: number;
  start_at: string;
  end_at: string;
  capacity: number;
  booked: number;
}

export async function findSlots(db: Db, laboratoryId: string, fromIso: string, toIso: string): Promise<NurseSlotRecord[]> {
  return db
    .selectFrom('nurse_slots')
    .select(['id', 'start_at', 'end_at', 'capacity', 'booked'])
    .where('laboratory_id', '=', laboratoryId)
    .where('start_at', '>=', fromIso)
    .where('start_at', '<', toIso)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

export async function findSlot(db: Db, slotId: number): Promise<SlotRecord | undefined> {
  return db.selectFrom('nurse_slots').selectAll().where('id', '=', slotId).executeTakeFirst();
}

/** The slots with these ids, by id. */
export async function findSlotsByIds(db: Db, ids: number[]): Promise<Map<number, SlotRecord>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('nurse_slots').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Takes one place of the slot if one is left; false when it is full. Atomic on both databases. */
export async function bookSlot(db: Db, slotId: number): Promise<boolean> {
  const res = await db
    .updateTable('nurse_slots')
    .set((eb) => ({ booked: eb('booked', '+', 1) }))
    .where('id', '=', slotId)
    .whereRef('booked', '<', 'capacity')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives one place of the slot back (a cancelled or moved visit). */
export async function releaseSlot(db: Db, slotId: number): Promise<void> {
  await db
    .updateTable('nurse_slots')
    .set((eb) => ({ booked: eb('booked', '-', 1) }))
    .where('id', '=', slotId)
    .where('booked', '>', 0)
    .execute();
}
