import crypto from 'node:crypto';
import { ProviderUnavailable, type PaymentNotice, type PaymentProvider, type PaymentProviderModule, type ProviderNotification, type RefundNotice } from './provider';

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

function signedTestRefundNotice(secret: string, n: { sessionId: string; refundsUuid: string; amount: number; currency: string }): Record<string, unknown> {
  const body = { ...n, status: 0 };
  return { ...body, sign: testSign(secret, body) };
}

export interface TestProviderOptions {
  /** Key of its HMAC (PAYMENT_TEST_SECRET). */
  secret: string;
}

const DEV_TEST_SECRET = 'test-provider-secret-for-development-only';

function parseSwitch(value: string | undefined, fallback: boolean, fail: (message: string) => Error): boolean {
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw fail(`expected true or false, got "${value}"`);
}

/**
 * The test provider in the registry: PAYMENT_TEST_PROVIDER, on by default outside production; in
 * production only when set explicitly, with a PAYMENT_TEST_SECRET of 16+ characters. Its payments are
 * not real money (`realMoney: false`).
 */
export const testProviderModule: PaymentProviderModule<TestProviderOptions> = {
  id: 'test',
  settingKey: 'PAYMENT_TEST_PROVIDER',
  realMoney: false,
  fromEnv(env, production, fail) {
    const explicit = env.PAYMENT_TEST_PROVIDER !== undefined && env.PAYMENT_TEST_PROVIDER !== '';
    const on = parseSwitch(env.PAYMENT_TEST_PROVIDER, !production, (m) => fail('PAYMENT_TEST_PROVIDER', m));
    if (production && on && !explicit) throw fail('PAYMENT_TEST_PROVIDER', 'the test provider is never on by default in production');
    const secret = env.PAYMENT_TEST_SECRET || (production ? '' : DEV_TEST_SECRET);
    if (on && secret.length < 16) throw fail('PAYMENT_TEST_SECRET', 'must be at least 16 characters when the test provider is on (required in production)');
    return on ? { secret } : null;
  },
  create: ({ secret }) => testProvider(secret),
};

function testProvider(secret: string): PaymentProvider {
  return {
    id: testProviderModule.id,
    currencies: ['PLN', 'EUR'],
    async register(i) {
      if (!secret) throw new ProviderUnavailable('The test provider has no secret');
      const token = `test-${i.sessionId}`;
      return { token, redirectUrl: this.redirectUrl({ sessionId: i.sessionId, token }) };
    },
    redirectUrl: ({ sessionId }) => `/payments/test/${encodeURIComponent(sessionId)}`,
    parseNotification({ body }: ProviderNotification): PaymentNotice | null {
      const b = body as Record<string, unknown> | null;
      if (!b || typeof b !== 'object' || !signOk(secret, b)) return null;
      if (typeof b.sessionId !== 'string' || !Number.isSafeInteger(b.amount) || typeof b.currency !== 'string' || typeof b.orderId !== 'string') return null;
      if (b.result !== 'paid' && b.result !== 'declined') return null;
      return { sessionId: b.sessionId, amountMinor: b.amount as number, currency: b.currency, providerOrderId: b.orderId, paid: b.result === 'paid' };
    },
    async verify() {},
    // Nobody stands behind it: its refund settles at once, through its own signed refund notification.
    async refund(r) {
      return { settledAtOnce: { body: signedTestRefundNotice(secret, { sessionId: r.sessionId, refundsUuid: r.refundsUuid, amount: r.amountMinor, currency: r.currency }), rawBody: null, headers: {} } };
    },
    // Its payments and refunds are notified at once: there is nothing to look up.
    async findPayment() {
      return null;
    },
    async findRefund() {
      return 'pending';
    },
    parseRefundNotification({ body }: ProviderNotification): RefundNotice | null {
      const b = body as Record<string, unknown> | null;
      if (!b || typeof b !== 'object' || !signOk(secret, b)) return null;
      if (typeof b.sessionId !== 'string' || typeof b.refundsUuid !== 'string' || !Number.isSafeInteger(b.amount) || typeof b.currency !== 'string') return null;
      return { refundsUuid: b.refundsUuid, sessionId: b.sessionId, amountMinor: b.amount as number, currency: b.currency, done: b.status === 0 };
    },
  };
}
