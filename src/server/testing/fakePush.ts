import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';
import type { PushPayload, PushSubscriptionInput } from '@/shared/types/notifications';

/**
 * A small push service for tests (RFC 8030 on 127.0.0.1): it hands out subscriptions as a browser
 * would (a P-256 key pair and an auth secret per device), receives the shop's pushes, checks the
 * VAPID signature (RFC 8292) and decrypts the aes128gcm payload (RFC 8291) with the device's private
 * key, so a test reads exactly what the device would show. `gone(endpoint)` answers 410 from then on.
 */
export interface ReceivedPush {
  endpoint: string;
  payload: PushPayload;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
  /** The VAPID token verified against the public key it names. */
  vapidVerified: boolean;
}

export interface FakePush {
  /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
  subscribe(): PushSubscriptionInput;
  received: ReceivedPush[];
  gone(endpoint: string): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Device {
  ecdh: crypto.ECDH;
  auth: Buffer;
  gone: boolean;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: an ES256 JWT signed by the key it names. */
function verifyVapid(header: string | undefined, audience: string): boolean {
  const t = /t=([^,\s]+)/.exec(header ?? '')?.[1];
  const k = /k=([^,\s]+)/.exec(header ?? '')?.[1];
  if (!t || !k) return false;
  const [h, p, s] = t.split('.');
  if (!h || !p || !s) return false;
  const pub = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(pub.subarray(1, 33)), y: b64url(pub.subarray(33, 65)) }, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  return ok && claims.aud === audience && !!claims.sub && (claims.exp ?? 0) * 1000 > Date.now();
}

export async function startFakePush(): Promise<FakePush> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(req.url ?? '');
      if (!device) return void res.writeHead(404).end();
      if (device.gone) return void res.writeHead(410).end();
      if (req.method !== 'POST' || req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(400).end();
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: b64url(device.auth) });
        received.push({
          endpoint: `${origin}${req.url}`,
          payload: JSON.parse(plain.toString('utf8')) as PushPayload,
          headers: { ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined, topic: req.headers.topic as string | undefined },
          vapidVerified: verifyVapid(req.headers.authorization, origin),
        });
        res.writeHead(201).end();
        for (const w of waiters) w();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const path = `/push/${crypto.randomUUID()}`;
      devices.set(path, { ecdh, auth, gone: false });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    gone(endpoint) {
      const device = devices.get(new URL(endpoint).pathname);
      if (device) device.gone = true;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
          setTimeout(done, 50);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The shop's fetch keeps its connection alive; end it so the test process can exit.
        server.closeAllConnections();
      }),
  };
}
