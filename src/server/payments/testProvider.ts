import crypto from 'node:crypto';
import { ProviderUnavailable, type PaymentNotice, type PaymentProvider, type RefundNotice } from './provider';

/**
 * The built-in test provider (docs/payments.md): no account anywhere. Its page `/payments/test/{sessionId}`
 * offers Pay, Decline and Leave; Pay and Decline produce a notification signed with an HMAC-SHA256 of
 * PAYMENT_TEST_SECRET that goes through the same handling as an operator's. Refunds settle at once
 * through a signed refund notification.
 */
export function testSign(secret: string, body: Record<string, unknown>): string {
  const { sign: _sign, ...rest } = body;
  void _sign;
  const keys = Object.keys(rest).sort();
  return crypto.createHmac('sha256', secret).update(JSON.stringify(keys.map((k) => [k, rest[k]]))).digest('hex');
}

function signOk(secret: string, body: Record<string, unknown>): boolean {
  if (typeof body.sign !== 'string' || !/^[0-9a-f]{64}$/.test(body.sign)) return false;
  return crypto.timingSafeEqual(Buffer.from(testSign(secret, body), 'hex'), Buffer.from(body.sign, 'hex'));
}

export function signedTestNotice(secret: string, n: { sessionId: string; amount: number; currency: string; result: 'paid' | 'declined' }): Record<string, unknown> {
  const body = { ...n, orderId: `test-${n.sessionId}` };
  return { ...body, sign: testSign(secret, body) };
}

export function signedTestRefundNotice(secret: string, n: { sessionId: string; refundsUuid: string; amount: number; currency: string }): Record<string, unknown> {
  const body = { ...n, status: 0 };
  return { ...body, sign: testSign(secret, body) };
}

export function testProvider(secret: string): PaymentProvider {
  return {
    id: 'test',
    async register(i) {
      if (!secret) throw new ProviderUnavailable('The test provider has no secret');
      const token = `test-${i.sessionId}`;
      return { token, redirectUrl: this.redirectUrl({ sessionId: i.sessionId, token }) };
    },
    redirectUrl: ({ sessionId }) => `/payments/test/${encodeURIComponent(sessionId)}`,
    parseNotification(body: unknown): PaymentNotice | null {
      const b = body as Record<string, unknown> | null;
      if (!b || typeof b !== 'object' || !signOk(secret, b)) return null;
      if (typeof b.sessionId !== 'string' || !Number.isSafeInteger(b.amount) || typeof b.currency !== 'string' || typeof b.orderId !== 'string') return null;
      if (b.result !== 'paid' && b.result !== 'declined') return null;
      return { sessionId: b.sessionId, amountMinor: b.amount as number, currency: b.currency, providerOrderId: b.orderId, paid: b.result === 'paid' };
    },
    async verify() {},
    async refund() {},
    // Its payments and refunds are notified at once: there is nothing to look up.
    async findPayment() {
      return null;
    },
    async findRefund() {
      return 'pending';
    },
    parseRefundNotification(body: unknown): RefundNotice | null {
      const b = body as Record<string, unknown> | null;
      if (!b || typeof b !== 'object' || !signOk(secret, b)) return null;
      if (typeof b.sessionId !== 'string' || typeof b.refundsUuid !== 'string' || !Number.isSafeInteger(b.amount) || typeof b.currency !== 'string') return null;
      return { refundsUuid: b.refundsUuid, sessionId: b.sessionId, amountMinor: b.amount as number, currency: b.currency, done: b.status === 0 };
    },
  };
}
