/** The morning check-in of a home visit (`orders/{id}/check-in`). */
export interface CheckInAnswerDto {
  lastMealAt: string;
  cycleStart: string | null;
  /** Hours from the last meal to the visit's start. */
  fastingHours: number | null;
  /** The answers meet every timing rule of the order's analyses. */
  ok: boolean;
  answeredAt: string;
}

export interface CheckInDto {
  orderId: number;
  orderNumber: string;
  visitStart: string;
  visitEnd: string;
  /** The laboratory's zone (IANA): the page shows and reads times on its clock. */
  timeZone?: string;
  /** Whether the check-in can still be answered (the visit is ahead). */
  open: boolean;
  /** The longest minimum fast the order's analyses ask, in hours; null when none asks one. */
  fastingHours: number | null;
  /** The cycle days a woman's analysis asks, [from, to]; null when none. */
  cycleDays: [number, number] | null;
  answer: CheckInAnswerDto | null;
}

export interface CheckInResultDto {
  ok: boolean;
  /** When the answers break a rule: the visit can be moved free of charge until `until` (the visit's start). */
  rescheduleOffer?: { fee: 0; until: string };
}
