import crypto from 'node:crypto';
import type { PaymentNotice, PaymentProviderModule, ProviderNotification, RefundInput, RefundNotice, RegisterInput } from '../payments/provider';

/**
 * A third payment provider for tests, written the way a new one is added (docs/payments.md,
 * "Providers as a registry"): this one file plus one entry in the registry's list. It is Stripe-like: a notification
 * is signed over its raw bytes (`x-fakepay-signature: hex HMAC-SHA256(FAKEPAY_SECRET, bytes)`), so a
 * body that parses to the same JSON but was not the bytes signed is refused. Its "operator" is the
 * `fakePay` record below (registrations and refund requests).
 */
export interface FakePayOptions {
  secret: string;
}

export const fakePay = {
  registered: [] as RegisterInput[],
  refunds: [] as RefundInput[],
};

export const fakePaySign = (secret: string, raw: string | Buffer) => crypto.createHmac('sha256', secret).update(raw).digest('hex');

/** The JSON of a notification whose exact bytes carry a valid signature; null otherwise. */
function signedJson(secret: string, n: ProviderNotification): Record<string, unknown> | null {
  const given = n.headers['x-fakepay-signature'];
  if (!n.rawBody || typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return null;
  if (!crypto.timingSafeEqual(Buffer.from(fakePaySign(secret, n.rawBody), 'hex'), Buffer.from(given, 'hex'))) return null;
  try {
    const b = JSON.parse(n.rawBody.toString('utf8')) as unknown;
    return b && typeof b === 'object' ? (b as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const fakePayModule: PaymentProviderModule<FakePayOptions> = {
  id: 'fakepay',
  settingKey: 'FAKEPAY_SECRET',
  realMoney: true,
  fromEnv(env, _production, fail) {
    const secret = env.FAKEPAY_SECRET;
    if (!secret) return null;
    if (secret.length < 16) throw fail('FAKEPAY_SECRET', 'must be at least 16 characters');
    return { secret };
  },
  create: ({ secret }) => ({
    id: 'fakepay',
    currencies: ['PLN'],
    async register(i) {
      fakePay.registered.push(i);
      const token = `fp-${i.sessionId}`;
      return { token, redirectUrl: this.redirectUrl({ sessionId: i.sessionId, token }) };
    },
    redirectUrl: ({ token }) => `https://pay.fakepay.test/checkout/${token}`,
    parseNotification(n): PaymentNotice | null {
      const b = signedJson(secret, n);
      if (!b || typeof b.session !== 'string' || !Number.isSafeInteger(b.amount) || typeof b.currency !== 'string' || typeof b.charge !== 'string') return null;
      return { sessionId: b.session, amountMinor: b.amount as number, currency: b.currency, providerOrderId: b.charge, paid: b.outcome === 'succeeded' };
    },
    async verify() {},
    async refund(r) {
      fakePay.refunds.push(r);
    },
    parseRefundNotification(n): RefundNotice | null {
      const b = signedJson(secret, n);
      if (!b || typeof b.session !== 'string' || typeof b.refund !== 'string' || !Number.isSafeInteger(b.amount) || typeof b.currency !== 'string') return null;
      return { refundsUuid: b.refund, sessionId: b.session, amountMinor: b.amount as number, currency: b.currency, done: b.outcome === 'refunded' };
    },
    async findPayment() {
      return null;
    },
    async findRefund() {
      return 'pending' as const;
    },
  }),
};
