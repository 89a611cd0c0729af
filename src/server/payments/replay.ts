import type { Db } from '../db/createDb';
import type { PaymentRedirectDto } from '@/shared/types/payment';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { payOrder } from './payments';
import { providerById } from './providers';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * `order/create` sent again with the same Idempotency-Key for an order still awaiting its online
 * payment (docs/payments.md): the patient's answer to "payment could not start" or a lost answer.
 * - `paymentMethod: "on_visit"`: the order is paid to the nurse instead (its hold job then finds
 *   nothing to expire).
 * - otherwise: the registered attempt's page again, or a new attempt when the last one failed.
 * Null: answer the order as before (not awaiting, or the first request is still registering).
 */

export async function replayOrderPayment(db: Db, userId: number, orderId: number, requested: 'online' | 'on_visit' | undefined, language: string): Promise<PaymentRedirectDto | null> {
  const order = await ordersRepo.getOrder(db, orderId);
  if (!order || order.user_id !== userId || order.payment_method !== 'online' || order.status === 'cancelled' || !['awaiting', 'failed'].includes(order.payment_status)) return null;
  if (requested === 'on_visit') {
    await inWriteTransaction(db, async (trx) => {
      const at = new Date().toISOString();
      await repo.closeOpenAttempts(trx, orderId, 'failed', at);
      await repo.switchToPayOnVisit(trx, orderId, at);
    });
    return null;
  }
  const latest = await repo.latestAttempt(db, orderId);
  if (latest?.status === 'created') return null;
  const provider = latest ? providerById(latest.provider) : undefined;
  if (latest?.status === 'registered' && latest.provider_token && provider) return { orderId, redirectUrl: provider.redirectUrl({ sessionId: latest.session_id, token: latest.provider_token }) };
  return payOrder(db, userId, orderId, language);
}
