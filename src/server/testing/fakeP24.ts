import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { p24Sign, signMatches } from '../payments/p24Sign';

/**
 * A small fake of Przelewy24's REST API v1 on loopback HTTP for the tests: it checks Basic auth
 * (posId:apiKey) and every sign, remembers registered sessions, counts verifications and refunds,
 * builds signed notifications (to repeat them at will) and can be told to fail.
 */
export interface FakeP24 {
  baseUrl: string;
  merchantId: number;
  posId: number;
  apiKey: string;
  crc: string;
  sessions: Map<string, { amount: number; currency: string; token: string; urlStatus: string; orderId: number }>;
  verifications: { sessionId: string; orderId: number }[];
  refunds: { requestId: string; refundsUuid: string; refunds: { orderId: number; sessionId: string; amount: number; description: string }[]; urlStatus: string }[];
  /** Calls refused for a wrong auth or sign, by path. */
  refused: string[];
  /** While true every call answers 503 (the operator is down). */
  down: boolean;
  /** Milliseconds the verify call takes (a slow operator). */
  verifyDelayMs: number;
  /** Sessions the payer paid (a notification was built for them, or `pay` was called): the transaction lookup finds them. */
  paid: Set<string>;
  /** The payer pays without the notification reaching the shop. */
  pay(sessionId: string): void;
  /** Refund states for the refund lookup by requestId (1 completed, 2 pending, 4 rejected); 2 when unset. */
  refundStates: Map<string, number>;
  /** Lookups answered, by path. */
  lookups: string[];
  /** The signed payment notification of a registered session; `over` changes fields after signing (a forgery). */
  notification(sessionId: string, over?: Record<string, unknown>): Record<string, unknown>;
  refundNotification(refundsUuid: string, status?: number, over?: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startFakeP24(opts: { merchantId?: number; apiKey?: string; crc?: string } = {}): Promise<FakeP24> {
  const merchantId = opts.merchantId ?? 11111;
  const fake = {
    merchantId,
    posId: merchantId,
    apiKey: opts.apiKey ?? 'fake-api-key',
    crc: opts.crc ?? 'fake-crc-ż',
    sessions: new Map(),
    verifications: [],
    refunds: [],
    refused: [],
    down: false,
    verifyDelayMs: 0,
    paid: new Set(),
    refundStates: new Map(),
    lookups: [],
  } as unknown as FakeP24;
  let nextOrderId = 300000000;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (fake.down) return send(503, { error: 'unavailable', code: 503 });
      const path = req.url ?? '';
      const expected = `Basic ${Buffer.from(`${fake.posId}:${fake.apiKey}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        fake.refused.push(`${path}: auth`);
        return send(401, { error: 'Incorrect authentication', code: 401 });
      }
      if (req.method === 'GET') {
        fake.lookups.push(path);
        const bySession = /^\/api\/v1\/transaction\/by\/sessionId\/([^/]+)$/.exec(path);
        if (bySession) {
          const sessionId = decodeURIComponent(bySession[1]!);
          const s = fake.sessions.get(sessionId);
          if (!s) return send(404, { error: 'Transaction not found', code: 404 });
          return send(200, { data: { orderId: s.orderId, sessionId, status: fake.paid.has(sessionId) ? 2 : 0, amount: s.amount, currency: s.currency, statement: `p24-${s.orderId}` }, responseCode: 0 });
        }
        const byOrder = /^\/api\/v1\/refund\/by\/orderId\/(\d+)$/.exec(path);
        if (byOrder) {
          const orderId = Number(byOrder[1]);
          const lines = fake.refunds.flatMap((r) => r.refunds.filter((l) => l.orderId === orderId).map((l) => ({ batchId: 1, requestId: r.requestId, date: new Date().toISOString(), login: 'api', description: l.description, status: fake.refundStates.get(r.requestId) ?? 2, amount: l.amount })));
          if (lines.length === 0) return send(404, { error: 'Refund not found', code: 404 });
          const s = [...fake.sessions.values()].find((x) => x.orderId === orderId);
          return send(200, { data: { orderId, sessionId: [...fake.sessions.entries()].find(([, x]) => x.orderId === orderId)?.[0], amount: s?.amount, currency: s?.currency, refunds: lines }, responseCode: 0 });
        }
        return send(404, { error: 'Not found', code: 404 });
      }
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { error: 'Invalid input data', code: 400 });
      }
      if (req.method === 'POST' && path === '/api/v1/transaction/register') {
        if (b.merchantId !== fake.merchantId || b.posId !== fake.posId || !signMatches('register', b, fake.crc, b.sign)) {
          fake.refused.push(`${path}: sign`);
          return send(400, { error: 'Incorrect CRC value', code: 400 });
        }
        const token = `TOKEN${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
        fake.sessions.set(String(b.sessionId), { amount: Number(b.amount), currency: String(b.currency), token, urlStatus: String(b.urlStatus), orderId: ++nextOrderId });
        return send(200, { data: { token }, responseCode: 0 });
      }
      if (req.method === 'PUT' && path === '/api/v1/transaction/verify') {
        const s = fake.sessions.get(String(b.sessionId));
        if (!s || !signMatches('verify', b, fake.crc, b.sign) || b.amount !== s.amount || b.currency !== s.currency || b.orderId !== s.orderId) {
          fake.refused.push(`${path}: sign`);
          return send(400, { error: 'Incorrect sign or data', code: 400 });
        }
        fake.verifications.push({ sessionId: String(b.sessionId), orderId: s.orderId });
        if (fake.verifyDelayMs > 0) return void setTimeout(() => send(200, { data: { status: 'success' }, responseCode: 0 }), fake.verifyDelayMs);
        return send(200, { data: { status: 'success' }, responseCode: 0 });
      }
      if (req.method === 'POST' && path === '/api/v1/transaction/refund') {
        fake.refunds.push(b as unknown as FakeP24['refunds'][number]);
        return send(201, { data: [{ ...((b.refunds as object[])[0] ?? {}), status: true, message: 'success' }], responseCode: 0 });
      }
      return send(404, { error: 'Not found', code: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  fake.pay = (sessionId) => void fake.paid.add(sessionId);
  fake.notification = (sessionId, over = {}) => {
    const s = fake.sessions.get(sessionId);
    if (!s) throw new Error(`unknown session ${sessionId}`);
    fake.paid.add(sessionId);
    const body = { merchantId, posId: merchantId, sessionId, amount: s.amount, originAmount: s.amount, currency: s.currency, orderId: s.orderId, methodId: 154, statement: `p24-${s.orderId}` };
    return { ...body, sign: p24Sign('notification', body, fake.crc), ...over };
  };
  fake.refundNotification = (refundsUuid, status = 0, over = {}) => {
    const r = fake.refunds.find((x) => x.refundsUuid === refundsUuid);
    const line = r?.refunds[0];
    if (!r || !line) throw new Error(`unknown refund ${refundsUuid}`);
    const s = fake.sessions.get(line.sessionId);
    const body = { orderId: line.orderId, sessionId: line.sessionId, merchantId, requestId: r.requestId, refundsUuid, amount: line.amount, currency: s?.currency ?? 'PLN', timestamp: Math.floor(Date.now() / 1000), status };
    return { ...body, sign: p24Sign('refundNotification', body, fake.crc), ...over };
  };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
