import type { Db } from '../db/createDb';
import { toMajor } from '@/shared/money';
import { getConfig } from '../config';
import { notFound } from '../http/errors';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { handlePaymentNotification, orderSubmittedUrl } from './payments';
import { signedTestNotice, testProviderModule, type TestProviderOptions } from './testProvider';

/**
 * The test provider's page (`/payments/test/{sessionId}`): what is paid, and its Pay and Decline
 * buttons, which send a notification signed like an operator's through the same handling. "Leave"
 * is only a link back: the order keeps waiting until its hold expires.
 */
export interface TestPaymentDto {
  sessionId: string;
  orderId: number;
  orderNumber: string;
  amount: number;
  currency: string;
  /** `created`/`registered`: waiting; `paid`, `failed`, `expired`: settled. */
  status: string;
  returnUrl: string;
  test: true;
}

/** The test provider's options while it is on. */
const options = () => getConfig().payments.providers[testProviderModule.id] as TestProviderOptions | undefined;

async function ownAttempt(db: Db, userId: number, sessionId: string) {
  const attempt = await repo.findAttemptBySession(db, sessionId);
  const order = attempt && attempt.provider === testProviderModule.id ? await ordersRepo.getOrder(db, attempt.order_id) : undefined;
  const on = options();
  if (!attempt || !order || order.user_id !== userId || !on) throw notFound('Payment not found');
  return { attempt, order, secret: on.secret };
}

export async function getTestPayment(db: Db, userId: number, sessionId: string): Promise<TestPaymentDto> {
  const { attempt, order } = await ownAttempt(db, userId, sessionId);
  return { sessionId, orderId: order.id, orderNumber: order.number, amount: toMajor(attempt.amount_minor), currency: attempt.currency, status: attempt.status, returnUrl: orderSubmittedUrl(order.id), test: true };
}

export async function completeTestPayment(db: Db, userId: number, sessionId: string, action: 'pay' | 'decline', ip: string): Promise<{ orderId: number; redirectUrl: string }> {
  const { attempt, order, secret } = await ownAttempt(db, userId, sessionId);
  const body = signedTestNotice(secret, { sessionId, amount: attempt.amount_minor, currency: attempt.currency, result: action === 'pay' ? 'paid' : 'declined' });
  await handlePaymentNotification(db, testProviderModule.id, { body, rawBody: null, headers: {} }, ip);
  return { orderId: order.id, redirectUrl: orderSubmittedUrl(order.id) };
}
