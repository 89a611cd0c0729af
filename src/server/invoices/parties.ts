import type { Db } from '../db/createDb';
import type { InvoiceBuyer } from '@/shared/validation/invoice';
import type { OrderRow } from '@/server/orders/repositories/orders';
import * as repo from '@/server/invoices/repositories/invoices';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import { localDay, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import type { InvoiceParty } from './fa3Xml';
import type { OrderPaymentFacts } from './paymentFacts';

/** The parties of an invoice as its document carries them, and the date of the service it invoices (docs/invoices.md). */

export const sellerParty = (s: repo.SellerRow): InvoiceParty => ({ taxId: s.tax_id, name: s.legal_name, street: s.street, postalCode: s.postal_code, city: s.city, country: s.country });

/** A company's party carries its NIP (as before private persons could ask); a private person's says `person` and has none (FA(3) `BrakID`). */
export const buyerParty = (b: InvoiceBuyer): InvoiceParty => ({
  ...(b.kind === 'person' ? { kind: 'person' as const, taxId: null } : { taxId: b.taxId as string }),
  name: b.name,
  street: b.address.street,
  postalCode: b.address.postalCode,
  city: b.address.city,
  country: b.address.country,
});

const COLLECTED_STATUSES = ['sample_collected', 'in_lab', 'partial_results', 'completed'] as const;
const POLAND = 'Europe/Warsaw';

/**
 * The date of the service (FA(3) `P_6`): the day the samples were collected, as recorded, on the
 * laboratory's clock; before the collection (an order paid online ahead of the visit) the day of
 * the payment, else the day of issue (Warsaw dates, as the invoice's other dates).
 */
export async function serviceDate(db: Db, order: OrderRow, payment: OrderPaymentFacts, now: Date): Promise<string> {
  const collectedAt = await repo.collectionAt(db, order.id, [...COLLECTED_STATUSES]);
  if (collectedAt) {
    const lab = (await findLaboratoriesByIds(db, [order.laboratory_id])).get(order.laboratory_id);
    return localDay(new Date(collectedAt), timeZoneOf(lab?.country ?? 'PL'));
  }
  return localDay(payment.paidAt ? new Date(payment.paidAt) : now, POLAND);
}
