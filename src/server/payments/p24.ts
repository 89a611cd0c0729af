import { p24Sign, signMatches } from './p24Sign';
import {
  ProviderUnavailable,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentProviderModule,
  type ProviderNotification,
  type RefundInput,
  type RefundNotice,
  type RegisterInput,
} from './provider';

export interface P24Config {
  baseUrl: string;
  merchantId: number;
  posId: number;
  apiKey: string;
  crc: string;
}

const DEFAULT_P24_BASE_URL = 'https://sandbox.przelewy24.pl';

/**
 * Przelewy24 in the registry: on when P24_MERCHANT_ID is set (then P24_API_KEY and P24_CRC are
 * required; P24_POS_ID defaults to the merchant id, P24_BASE_URL to the sandbox).
 */
export const p24Module: PaymentProviderModule<P24Config> = {
  id: 'p24',
  settingKey: 'P24_MERCHANT_ID',
  realMoney: true,
  fromEnv(env, _production, fail) {
    const baseUrl = (env.P24_BASE_URL || DEFAULT_P24_BASE_URL).replace(/\/+$/, '');
    try {
      if (!/^https?:$/.test(new URL(baseUrl).protocol)) throw new Error('scheme');
    } catch {
      throw fail('P24_BASE_URL', 'not a valid http(s) URL');
    }
    if (!env.P24_MERCHANT_ID) return null;
    const positive = (key: string, value: string | undefined, fallback: number): number => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n <= 0) throw fail(key, `expected a positive integer, got "${value}"`);
      return n;
    };
    const merchantId = positive('P24_MERCHANT_ID', env.P24_MERCHANT_ID, 0);
    const posId = positive('P24_POS_ID', env.P24_POS_ID, merchantId);
    if (!env.P24_API_KEY) throw fail('P24_API_KEY', 'required when P24_MERCHANT_ID is set');
    if (!env.P24_CRC) throw fail('P24_CRC', 'required when P24_MERCHANT_ID is set');
    return { baseUrl, merchantId, posId, apiKey: env.P24_API_KEY, crc: env.P24_CRC };
  },
  create: (c) => p24Provider(c, fetch),
};

/**
 * Przelewy24 over its public REST API v1 (docs/payments.md): Basic auth `posId:apiKey`, amounts in
 * minor units, every `sign` from p24Sign.ts. A network failure or a non-2xx answer is
 * ProviderUnavailable (the caller keeps the order and retries); the API key never reaches a log.
 * Calls give up after TIMEOUT_MS: the operator repeats a notification and the jobs retry, so a slow
 * operator costs a retry, never a request waiting a quarter of a minute.
 */
const TIMEOUT_MS = 5_000;

export function p24Provider(c: P24Config, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${c.posId}:${c.apiKey}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, notFound?: Record<string, unknown>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetchImpl(`${c.baseUrl}${path}`, {
        method,
        headers: { authorization: auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new ProviderUnavailable(`Przelewy24 ${path} unreachable: ${(e as Error).name}`);
    }
    const text = await res.text().catch(() => '');
    if (res.status === 404 && notFound) return notFound;
    if (!res.ok) throw new ProviderUnavailable(`Przelewy24 ${path} answered ${res.status}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ProviderUnavailable(`Przelewy24 ${path} answered something other than JSON`);
    }
  }

  return {
    id: p24Module.id,
    currencies: ['PLN', 'EUR'],
    async register(i: RegisterInput) {
      const values = { sessionId: i.sessionId, merchantId: c.merchantId, amount: i.amountMinor, currency: i.currency };
      const answer = await call('POST', '/api/v1/transaction/register', {
        merchantId: c.merchantId,
        posId: c.posId,
        sessionId: i.sessionId,
        amount: i.amountMinor,
        currency: i.currency,
        description: i.description,
        email: i.email,
        country: i.country,
        language: i.language,
        urlReturn: i.urlReturn,
        urlStatus: i.urlStatus,
        sign: p24Sign('register', values, c.crc),
      });
      const token = (answer.data as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !token) throw new ProviderUnavailable('Przelewy24 register answered no token');
      return { token, redirectUrl: this.redirectUrl({ sessionId: i.sessionId, token }) };
    },
    redirectUrl: ({ token }) => `${c.baseUrl}/trnRequest/${encodeURIComponent(token)}`,
    parseNotification({ body }: ProviderNotification): PaymentNotice | null {
      const b = body as Record<string, unknown> | null;
      if (!b || typeof b !== 'object') return null;
      const ints = ['merchantId', 'posId', 'amount', 'originAmount', 'orderId', 'methodId'];
      if (ints.some((k) => !Number.isSafeInteger(b[k])) || typeof b.sessionId !== 'string' || typeof b.currency !== 'string' || typeof b.statement !== 'string') return null;
      if (b.merchantId !== c.merchantId || b.posId !== c.posId) return null;
      if (!signMatches('notification', b, c.crc, b.sign)) return null;
      return { sessionId: b.sessionId, amountMinor: b.amount as number, currency: b.currency, providerOrderId: String(b.orderId), paid: true };
    },
    async verify(n: PaymentNotice) {
      const orderId = Number(n.providerOrderId);
      const answer = await call('PUT', '/api/v1/transaction/verify', {
        merchantId: c.merchantId,
        posId: c.posId,
        sessionId: n.sessionId,
        amount: n.amountMinor,
        currency: n.currency,
        orderId,
        sign: p24Sign('verify', { sessionId: n.sessionId, orderId, amount: n.amountMinor, currency: n.currency }, c.crc),
      });
      const status = (answer.data as { status?: unknown } | undefined)?.status;
      if (status !== 'success') throw new ProviderUnavailable('Przelewy24 did not verify the payment');
    },
    async refund(r: RefundInput) {
      await call('POST', '/api/v1/transaction/refund', {
        requestId: r.requestId,
        refunds: [{ orderId: Number(r.providerOrderId), sessionId: r.sessionId, amount: r.amountMinor, description: r.description.slice(0, 35) }],
        refundsUuid: r.refundsUuid,
        urlStatus: r.urlStatus,
      });
    },
    // GET /api/v1/transaction/by/sessionId/{sessionId}: status 0 no payment, 1 advance payment, 2 payment made, 3 returned.
    async findPayment(sessionId: string): Promise<PaymentNotice | null> {
      const answer = await call('GET', `/api/v1/transaction/by/sessionId/${encodeURIComponent(sessionId)}`, undefined, {});
      const d = answer.data as Record<string, unknown> | undefined;
      if (!d || (d.status !== 1 && d.status !== 2) || d.sessionId !== sessionId) return null;
      if (!Number.isSafeInteger(d.orderId) || !Number.isSafeInteger(d.amount) || typeof d.currency !== 'string') return null;
      return { sessionId, amountMinor: d.amount as number, currency: d.currency, providerOrderId: String(d.orderId), paid: true };
    },
    // GET /api/v1/refund/by/orderId/{orderId}: refunds[].status 1 completed, 2 pending, 3 awaiting acceptance, 4 rejected.
    async findRefund(r: { providerOrderId: string; requestId: string }) {
      const answer = await call('GET', `/api/v1/refund/by/orderId/${encodeURIComponent(r.providerOrderId)}`, undefined, {});
      const refunds = (answer.data as { refunds?: unknown } | undefined)?.refunds;
      const mine = Array.isArray(refunds) ? (refunds as Record<string, unknown>[]).find((x) => x && x.requestId === r.requestId) : undefined;
      if (mine?.status === 1) return 'done';
      if (mine?.status === 4) return 'rejected';
      return 'pending';
    },
    parseRefundNotification({ body }: ProviderNotification): RefundNotice | null {
      const b = body as Record<string, unknown> | null;
      if (!b || typeof b !== 'object') return null;
      if (!['orderId', 'merchantId', 'amount', 'status'].every((k) => Number.isSafeInteger(b[k]))) return null;
      if (typeof b.sessionId !== 'string' || typeof b.refundsUuid !== 'string' || typeof b.currency !== 'string') return null;
      if (b.merchantId !== c.merchantId) return null;
      if (!signMatches('refundNotification', b, c.crc, b.sign)) return null;
      return { refundsUuid: b.refundsUuid, sessionId: b.sessionId, amountMinor: b.amount as number, currency: b.currency, done: b.status === 0 };
    },
  };
}
