import type { Db } from '@/server/db/createDb';
import type { Insertable } from 'kysely';
import type { PromoCodeTable } from '@/server/db/schema';

/** Promo codes and their redemptions. */
type Q = Db;

export async function findPromoByCode(db: Q, code: string) {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The promo code with this id (it must exist). */
export async function getPromo(db: Q, id: number) {
  return db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function insertPromo(db: Q, values: Insertable<PromoCodeTable>) {
  return db.insertInto('promo_codes').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function countUserRedemptions(db: Q, promoCodeId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('promo_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('promo_code_id', '=', promoCodeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Takes one use of the code if its total limit allows; false when used up. Atomic on both databases. */
export async function takePromoUse(trx: Q, promoCodeId: number): Promise<boolean> {
  const res = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', promoCodeId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertRedemption(trx: Q, values: { promoCodeId: number; userId: number; orderId: number; discountMinor: number }): Promise<void> {
  await trx
    .insertInto('promo_redemptions')
    .values({ promo_code_id: values.promoCodeId, user_id: values.userId, order_id: values.orderId, discount_minor: values.discountMinor, created_at: new Date().toISOString() })
    .execute();
}

/** Codes valid in a laboratory (its own and those for every laboratory), newest first. */
export async function listLabPromos(db: Q, laboratoryId: string) {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where((eb) => eb.or([eb('laboratory_id', '=', laboratoryId), eb('laboratory_id', 'is', null)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Per code: the orders of a laboratory that redeemed it and the discount they got (minor units). */
export async function labRedemptionTotals(db: Q, laboratoryId: string, promoIds: number[]): Promise<Map<number, { orders: number; discountMinor: number }>> {
  if (!promoIds.length) return new Map();
  const rows = await db
    .selectFrom('promo_redemptions')
    .innerJoin('orders', 'orders.id', 'promo_redemptions.order_id')
    .select((eb) => ['promo_redemptions.promo_code_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('promo_redemptions.discount_minor').as('total')])
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('promo_redemptions.promo_code_id', 'in', promoIds)
    .groupBy('promo_redemptions.promo_code_id')
    .execute();
  return new Map(rows.map((r) => [r.promo_code_id, { orders: Number(r.n), discountMinor: Number(r.total ?? 0) }]));
}
