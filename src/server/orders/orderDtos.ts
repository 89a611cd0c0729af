import type { Selectable } from 'kysely';
import type { OrderTable } from '@/server/db/schema';
import type { VisitDto } from '@/shared/types/results';
import type { CatalogueI18nDto } from '@/shared/types/api';
import type { OrderPreparationDto } from '@/shared/types/order';
import { i18nOf } from '@/server/catalogue/catalogueNames';

/** Order row -> API shapes shared by the order reads (the owner's, the staff console's, the nurse's day). */

/** The visit address and contact preferences of an order row, as the API shows them (one place for both order reads). */
export function orderAddressDto(order: Selectable<OrderTable>) {
  return {
    country: order.address_country,
    city: order.address_city,
    postalCode: order.address_postal_code,
    street: order.address_street,
    entry: order.address_entry,
    floor: order.address_floor,
    apartment: order.address_apartment,
    intercomCode: order.address_intercom_code,
    notes: order.address_notes,
  };
}

export function orderFeedbackDto(order: Selectable<OrderTable>) {
  return { useEmail: order.feedback_use_email === 1, usePhone: order.feedback_use_phone === 1, quickPhone: order.feedback_quick_phone };
}

/** The visit of an order: its slot's window (the chosen time when the slot is gone). */
export function visitDto(order: { slot_id: number; nurse_checkout_date: string }, slot: { start_at: string; end_at: string } | undefined, timeZone: string): VisitDto {
  return { slotId: order.slot_id, start: slot?.start_at ?? order.nurse_checkout_date, end: slot?.end_at ?? order.nurse_checkout_date, timeZone };
}

/**
 * What the visit asks of the patient: the strictest fasting over the order's lines and the preparation
 * notes of the analyses that have one, in the order of the lines (the submitted order and the order
 * detail give the same).
 */
export function orderPreparationDto(
  lines: readonly { analysis_id: number; name: string; fasting_hours: number; preparation: string }[],
  names: Map<number, CatalogueI18nDto>,
): OrderPreparationDto {
  const fastingHours = lines.reduce((max, l) => Math.max(max, l.fasting_hours), 0);
  const notes = new Map<number, OrderPreparationDto['notes'][number]>();
  for (const l of lines) if (l.preparation.trim()) notes.set(l.analysis_id, { analysisId: l.analysis_id, name: l.name, preparation: l.preparation, ...i18nOf(names, l.analysis_id) });
  return { fastingHours, notes: [...notes.values()] };
}
