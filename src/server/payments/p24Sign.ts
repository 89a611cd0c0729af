import crypto from 'node:crypto';

/**
 * Przelewy24 REST API v1 signs (docs/payments.md): SHA-384 hex of the JSON of exactly these keys in
 * this order, without escaped slashes or unicode -- which is what JSON.stringify writes.
 */
export const SIGN_KEYS = {
  register: ['sessionId', 'merchantId', 'amount', 'currency', 'crc'],
  notification: ['merchantId', 'posId', 'sessionId', 'amount', 'originAmount', 'currency', 'orderId', 'methodId', 'statement', 'crc'],
  verify: ['sessionId', 'orderId', 'amount', 'currency', 'crc'],
  refundNotification: ['orderId', 'sessionId', 'refundsUuid', 'merchantId', 'amount', 'currency', 'status', 'crc'],
} as const;

export type SignKind = keyof typeof SIGN_KEYS;

/** The JSON the sign is computed over: the listed keys in order, nothing else. */
export function signPayload(kind: SignKind, values: Record<string, unknown>, crc: string): string {
  const ordered: Record<string, unknown> = {};
  for (const key of SIGN_KEYS[kind]) ordered[key] = key === 'crc' ? crc : values[key];
  return JSON.stringify(ordered);
}

export function p24Sign(kind: SignKind, values: Record<string, unknown>, crc: string): string {
  return crypto.createHash('sha384').update(signPayload(kind, values, crc), 'utf8').digest('hex');
}

/** Constant-time comparison of a received sign with the expected one. */
export function signMatches(kind: SignKind, values: Record<string, unknown>, crc: string, received: unknown): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]{96}$/i.test(received)) return false;
  const expected = Buffer.from(p24Sign(kind, values, crc), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(received.toLowerCase(), 'hex'));
}
