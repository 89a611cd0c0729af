import type { Db } from '@/server/db/createDb';

/** Staff accounts (`npm run staff:add`, `staff:remove`; staff/staff.ts): the account rows and the visits assigned to a nurse. */

export type StaffRole = 'staff' | 'nurse';

/** Makes an existing account staff of the laboratory, with a new password hash and its address confirmed. */
export async function makeStaff(db: Db, userId: number, s: { role: StaffRole; laboratoryId: string; passwordHash: string }, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'staff', staff_role: s.role, staff_laboratory_id: s.laboratoryId, password_hash: s.passwordHash, email_confirmed: 1, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** A new staff account of the laboratory (address confirmed); answers its id. */
export async function insertStaffUser(db: Db, s: { email: string; role: StaffRole; laboratoryId: string; passwordHash: string }, at: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: s.email,
      password_hash: s.passwordHash,
      first_name: s.role === 'nurse' ? 'Nurse' : 'Lab',
      last_name: 'Staff',
      phone: null,
      date_of_birth: null,
      email_confirmed: 1,
      role: 'staff',
      staff_role: s.role,
      staff_laboratory_id: s.laboratoryId,
      laboratory_id: s.laboratoryId,
      locale: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes a staff account a plain customer account again. */
export async function makePatient(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'patient', staff_role: null, staff_laboratory_id: null, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Takes the nurse off the visits still ahead (placed or confirmed); answers how many. */
export async function unassignUpcomingVisits(db: Db, nurseUserId: number, at: string): Promise<number> {
  const r = await db
    .updateTable('orders')
    .set({ nurse_user_id: null, updated_at: at })
    .where('nurse_user_id', '=', nurseUserId)
    .where('status', 'in', ['placed', 'visit_confirmed'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
