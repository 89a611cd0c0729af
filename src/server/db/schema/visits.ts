import type { Generated } from 'kysely';

/** Nurse slots, generated slot days and the home visit's events. Conventions in index.ts. */
export interface NurseSlotTable {
  id: Generated<number>;
  laboratory_id: string;
  start_at: string;
  end_at: string;
  capacity: number;
  booked: number;
}

export type VisitState = 'booked' | 'nurse_assigned' | 'on_the_way' | 'arrived' | 'collected' | 'not_at_home' | 'cancelled';

/** One change of a home visit's state: when, by whom, why (a staff correction gives a reason). */
export interface VisitEventTable {
  id: Generated<number>;
  order_id: number;
  state: VisitState;
  at: string;
  actor_user_id: number | null;
  actor_role: 'patient' | 'staff' | 'nurse' | 'system' | null;
  reason: Generated<string>;
}

/** A laboratory's local day whose nurse slots have been generated. */
export interface NurseSlotDayTable {
  laboratory_id: string;
  day: string;
}
