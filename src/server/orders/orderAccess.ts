import type { AuthUser } from '@/server/http/auth';

/**
 * Who may reach an order, with no dependency on the order's lifecycle: invoices, payments, results
 * import and the nurse's visits check access here, so none of them imports the lifecycle (which
 * settles payments) to ask.
 */
export const ORDER_NOT_FOUND = 'Order not found';

/** Staff of the order's laboratory (nurses excluded: they reach only their own visits). */
export function isStaffOf(user: AuthUser | null, laboratoryId: string): boolean {
  return !!user && user.role === 'staff' && user.staffRole !== 'nurse' && !!user.staffLaboratoryId && user.staffLaboratoryId === laboratoryId;
}
