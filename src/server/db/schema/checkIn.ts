/** The morning check-in of a home visit, one per order. Conventions in index.ts. */
export interface VisitCheckInTable {
  order_id: number;
  /** When the patient last ate (ISO instant), as answered. */
  last_meal_at: string;
  /** The first day of the last period (YYYY-MM-DD), for cycle-day analyses. */
  cycle_start: string | null;
  /** Hours from the last meal to the visit's start, as the sample's fasting. */
  fasting_hours: number | null;
  /** 1 when the answers meet every timing rule of the order's analyses. */
  rules_met: number;
  answered_at: string;
}
