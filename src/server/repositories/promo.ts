import type { Insertable, Kysely } from 'kysely';
import type { Database, PromoCodeTable } from '../db/schema';

/** Promo codes and their redemptions. */
type Q = Kysely<Database>;

export async function findPromoByCode(db: Q, code: string) {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
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
