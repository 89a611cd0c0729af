import type { Db } from '@/server/db/createDb';
import type { PaymentDto } from '@/shared/types/payment';
import { toMinor } from '@/shared/money';
import type { AuthUser } from '../http/auth';
import { notFound } from '../http/errors';
import { isStaffOf } from '@/server/orders/orderAccess';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { staffRefund } from './refunds';
import { paymentDto } from './payments';

/** `POST staff/orders/{id}/refund`: staff of the order's laboratory only (404 for others). */
export async function staffRefundOrder(db: Db, staff: AuthUser, orderId: number, amount: number, reason: string): Promise<PaymentDto> {
  const order = await ordersRepo.getOrder(db, orderId);
  if (!order || !isStaffOf(staff, order.laboratory_id)) throw notFound('Order not found');
  await staffRefund(db, staff.id, orderId, toMinor(amount), reason);
  return paymentDto(db, (await ordersRepo.getOrder(db, orderId))!);
}
