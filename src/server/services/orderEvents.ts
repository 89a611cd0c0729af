import type { IncomingMessage, ServerResponse } from 'http';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from '../http/auth';
import type { OrderStatusDto, VisitTrackingDto } from '@/lib/types/results';
import * as lifecycleRepo from '../repositories/lifecycle';
import { getOrderFingerprint } from '../repositories/visitStates';
import { loadReadableOrder } from './orderLifecycle';
import { visitTracking } from './visitStates';

/**
 * GET orders/{id}/events: Server-Sent Events for the order page. Nothing about the order is kept in
 * the process between polls: each open stream reads one small row (visit_version, status,
 * updated_at) every `pollMs` and, when it changed, sends the order's status and visit. Works the same
 * with several instances (each polls the shared database). A comment line every 15 seconds keeps
 * proxies from closing an idle stream; the stream ends after `maxMs` and the client reconnects
 * (so an expired or revoked token is noticed).
 */
type Db = Kysely<Database>;

export interface OrderChangeEvent {
  status: OrderStatusDto;
  visit: VisitTrackingDto;
}

export interface StreamOptions {
  pollMs?: number;
  heartbeatMs?: number;
  maxMs?: number;
}

export const DEFAULT_POLL_MS = 2000;

async function snapshot(db: Db, orderId: number): Promise<OrderChangeEvent | null> {
  const order = await lifecycleRepo.getOrder(db, orderId);
  return order ? { status: order.status, visit: await visitTracking(db, order) } : null;
}

export async function streamOrderEvents(db: Db, user: AuthUser, orderId: number, req: IncomingMessage, res: ServerResponse, opts: StreamOptions = {}): Promise<void> {
  // Ownership first: another user's order is a 404 before any stream opens.
  await loadReadableOrder(db, user, orderId);
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.write(`retry: 3000\n\n`);
  let closed = false;
  let last: string | null = null;
  let lastBeat = Date.now();
  const started = Date.now();
  const done = new Promise<void>((resolve) => {
    const finish = () => {
      if (closed) return;
      closed = true;
      resolve();
    };
    req.once('close', finish);
    res.once('close', finish);
  });
  const send = (event: string, id: string, data: unknown) => res.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);

  const tick = async () => {
    const fingerprint = await getOrderFingerprint(db, orderId);
    if (closed) return;
    if (fingerprint !== last) {
      last = fingerprint;
      const data = await snapshot(db, orderId);
      if (data && !closed) send('order', fingerprint ?? '', data);
    } else if (Date.now() - lastBeat >= (opts.heartbeatMs ?? 15_000)) {
      res.write(': keep-alive\n\n');
      lastBeat = Date.now();
    }
  };

  await tick();
  while (!closed) {
    await Promise.race([done, new Promise((r) => setTimeout(r, pollMs).unref?.())]);
    if (closed) break;
    if (Date.now() - started >= (opts.maxMs ?? 10 * 60_000)) {
      res.end();
      break;
    }
    try {
      await tick();
    } catch {
      // A failed poll (database restart) ends the stream; the client reconnects.
      res.end();
      break;
    }
  }
}
