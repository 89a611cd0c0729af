import type { Db } from '@/server/db/createDb';
import type { StaffPromoCodeDto } from '@/shared/types/results';
import type { StaffPromoInput } from '@/shared/validation/results';
import { toMajor } from '@/shared/money';
import type { AuthUser } from '@/server/http/auth';
import { forbidden } from '@/server/http/errors';
import * as repo from '@/server/orders/repositories/promo';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { createPromo, type PromoCode } from '@/server/orders/promo';

/**
 * Promo codes in the staff console: staff create codes for their own laboratory with the options of
 * `npm run promo:add` (the same service and checks) and list the codes valid there with their use.
 */

function labOf(staff: AuthUser): string {
  if (!staff.staffLaboratoryId) throw forbidden('Staff only');
  return staff.staffLaboratoryId;
}

async function currencyOf(db: Db, laboratoryId: string): Promise<string> {
  return (await findLaboratory(db, laboratoryId))?.currency ?? 'EUR';
}

function dto(p: PromoCode, currency: string, totals: { orders: number; discountMinor: number } | undefined): StaffPromoCodeDto {
  return {
    id: p.id,
    code: p.code,
    laboratoryId: p.laboratory_id,
    kind: p.kind,
    percent: p.kind === 'percent' ? p.value : null,
    amount: p.kind === 'amount' ? toMajor(p.value) : null,
    minOrder: toMajor(p.min_order_minor),
    currency,
    validFrom: p.valid_from,
    validTo: p.valid_to,
    maxUses: p.max_uses,
    perUser: p.per_user_limit,
    usedCount: p.used_count,
    orderCount: totals?.orders ?? 0,
    discountGiven: toMajor(totals?.discountMinor ?? 0),
    createdAt: p.created_at,
  };
}

/** GET staff/promo-codes: the codes valid in the staff member's laboratory, newest first, with their use. */
export async function listStaffPromos(db: Db, staff: AuthUser): Promise<StaffPromoCodeDto[]> {
  const labId = labOf(staff);
  const [codes, currency] = await Promise.all([repo.listLabPromos(db, labId), currencyOf(db, labId)]);
  const totals = await repo.labRedemptionTotals(db, labId, codes.map((c) => c.id));
  return codes.map((c) => dto(c, currency, totals.get(c.id)));
}

/** POST staff/promo-codes: a code for the staff member's own laboratory (never another one). */
export async function createStaffPromo(db: Db, staff: AuthUser, input: StaffPromoInput): Promise<StaffPromoCodeDto> {
  const labId = labOf(staff);
  const { id } = await createPromo(db, {
    code: input.code,
    laboratoryId: labId,
    percent: input.percent,
    amount: input.amount,
    minOrder: input.minOrder,
    maxUses: input.maxUses ?? null,
    perUser: input.perUser ?? null,
    from: input.from ?? null,
    to: input.to ?? null,
  });
  const row = await repo.getPromo(db, id);
  return dto(row, await currencyOf(db, labId), undefined);
}
