import type { Selectable } from 'kysely';
import type { PromoCodeTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';
import { MESSAGES } from '@/shared/validation/order';
import { badRequest, conflict, HttpError } from '@/server/http/errors';
import { ERROR_CODES, type ErrorCode } from '@/shared/errorCodes';
import * as repo from '@/server/orders/repositories/promo';
import { laboratoryExists } from '@/server/laboratories/repositories/laboratories';

/**
 * Promo codes (percent or fixed amount off the subtotal of tests and materials; the home-visit fee
 * is never discounted). Checked when quoted at the summary step and again inside the order's write
 * transaction, where one use is taken with a conditional update so the total limit holds under
 * concurrent orders; an order that fails later rolls the use back with everything else.
 */
export type PromoCode = Selectable<PromoCodeTable>;

/** What `promo` takes off a subtotal (minor units): never more than the subtotal. */
export function discountFor(promo: Pick<PromoCode, 'kind' | 'value'>, subtotalMinor: number): number {
  const raw = promo.kind === 'percent' ? Math.floor((subtotalMinor * promo.value) / 100) : promo.value;
  return Math.max(0, Math.min(raw, subtotalMinor));
}

const refused = (message: string) => badRequest(message, { promoCode: message }, ERROR_CODES.promoCodeRefused);
const usedUp = (message: string, code: ErrorCode = ERROR_CODES.promoCodeUsedUp) => conflict(message, { promoCode: message }, code);

const PROMO_REFUSALS: readonly ErrorCode[] = [ERROR_CODES.promoCodeRefused, ERROR_CODES.promoCodeUsedUp, ERROR_CODES.promoCodeUserLimit];

/** Whether `e` is checkPromo's refusal of the code (what a guess gets). */
export function isPromoRefusal(e: unknown): boolean {
  return e instanceof HttpError && PROMO_REFUSALS.includes(e.code);
}

/**
 * The code if `userId` may use it now in `laboratoryId` on a subtotal of `subtotalMinor`: unknown,
 * other laboratory, outside its dates or under its minimum is a 400 naming `promoCode`; used up in
 * total (or by this user: its own code) a 409.
 */
export async function checkPromo(db: Db, userId: number, laboratoryId: string, code: string, subtotalMinor: number, now = new Date()): Promise<PromoCode> {
  const promo = await repo.findPromoByCode(db, code.trim().toUpperCase());
  if (!promo) throw refused(MESSAGES.promoUnknown);
  if (promo.laboratory_id !== null && promo.laboratory_id !== laboratoryId) throw refused(MESSAGES.promoOtherLaboratory);
  const at = now.toISOString();
  if (promo.valid_from !== null && at < promo.valid_from) throw refused(MESSAGES.promoNotYetValid);
  if (promo.valid_to !== null && at > promo.valid_to) throw refused(MESSAGES.promoExpired);
  if (subtotalMinor < promo.min_order_minor) throw refused(MESSAGES.promoMinOrder);
  if (promo.max_uses !== null && promo.used_count >= promo.max_uses) throw usedUp(MESSAGES.promoExhausted);
  if (promo.per_user_limit !== null && (await repo.countUserRedemptions(db, promo.id, userId)) >= promo.per_user_limit) {
    throw usedUp(MESSAGES.promoUserLimit, ERROR_CODES.promoCodeUserLimit);
  }
  return promo;
}

/** Inside the order's write transaction: takes one use (409 when used up meanwhile) and records it. */
export async function redeemPromo(trx: Db, promo: PromoCode, userId: number, orderId: number, discountMinor: number): Promise<void> {
  if (!(await repo.takePromoUse(trx, promo.id))) throw usedUp(MESSAGES.promoExhausted);
  await repo.insertRedemption(trx, { promoCodeId: promo.id, userId, orderId, discountMinor });
}

export interface NewPromo {
  code: string;
  laboratoryId: string | null;
  percent?: number;
  /** Major units of the laboratory's currency. */
  amount?: number;
  minOrder?: number;
  maxUses?: number | null;
  perUser?: number | null;
  /** `YYYY-MM-DD` (from the start of that day, UTC) or an ISO date-time. */
  from?: string | null;
  /** `YYYY-MM-DD` (to the end of that day, UTC) or an ISO date-time. */
  to?: string | null;
}

function instant(value: string | null | undefined, endOfDay: boolean, name: string): string | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw badRequest(`Invalid ${name} date: ${value}`, { [name]: 'Enter a date as YYYY-MM-DD' });
  return new Date(t).toISOString();
}

/** Creates a promo code (for the command line and the staff console). */
export async function createPromo(db: Db, input: NewPromo): Promise<{ id: number; code: string }> {
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) throw badRequest('A promo code has 2 to 40 letters, digits, "-" or "_"', { code: 'Invalid code' });
  if ((input.percent === undefined) === (input.amount === undefined)) throw badRequest('Give either a percent or an amount', { percent: 'Give either a percent or an amount' });
  if (input.percent !== undefined && !(Number.isInteger(input.percent) && input.percent >= 1 && input.percent <= 100)) {
    throw badRequest('The percent is a whole number from 1 to 100', { percent: 'Whole number from 1 to 100' });
  }
  if (input.amount !== undefined && !(input.amount > 0 && Number.isFinite(input.amount))) throw badRequest('The amount must be positive', { amount: 'Must be positive' });
  const positiveOrNull = (v: number | null | undefined, name: string) => {
    if (v === undefined || v === null) return null;
    if (!Number.isInteger(v) || v < 1) throw badRequest(`${name} must be a positive whole number`, { [name]: 'Positive whole number' });
    return v;
  };
  if (input.laboratoryId) {
    if (!(await laboratoryExists(db, input.laboratoryId))) throw badRequest(`Unknown laboratory ${input.laboratoryId}`, { laboratoryId: 'Unknown laboratory' });
  }
  const from = instant(input.from, false, 'from');
  const to = instant(input.to, true, 'to');
  if (from && to && from > to) throw badRequest('The validity ends before it starts', { to: 'Ends before it starts' });
  if (await repo.findPromoByCode(db, code)) throw conflict(`The promo code ${code} exists already`, { code: 'Exists already' });
  const row = await repo.insertPromo(db, {
    code,
    laboratory_id: input.laboratoryId || null,
    kind: input.percent !== undefined ? 'percent' : 'amount',
    value: input.percent !== undefined ? input.percent : Math.round((input.amount as number) * 100),
    min_order_minor: Math.round((input.minOrder ?? 0) * 100),
    valid_from: from,
    valid_to: to,
    max_uses: positiveOrNull(input.maxUses, 'maxUses'),
    per_user_limit: positiveOrNull(input.perUser, 'perUser'),
    created_at: new Date().toISOString(),
  });
  return { id: row.id, code };
}
