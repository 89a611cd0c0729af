import type { Db } from '@/server/db/createDb';
import type { IncomingMessage, ServerResponse } from 'http';
import type { AuthUser } from '@/server/http/auth';
import type { OrderChangeEventDto } from '@/shared/types/order';
import * as lifecycleRepo from '@/server/orders/repositories/orders';
import { latestEventId, orderEventFeed, type Watcher } from './orderEventFeed';
import { loadReadableOrder } from './orderLifecycle';
import { visitTracking } from '@/server/visits/visitStates';
import { paymentDto } from '@/server/payments/payments';
import { hashToken } from '@/server/tokens';
import { getConfig } from '@/server/config';
import { HttpError } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';

/**
 * GET orders/{id}/events: Server-Sent Events for the order page. Every change of an order (its status,
 * visit version or `updated_at`) is a row of `order_live_events`, written by a trigger on `orders` in
 * the change's own transaction (migration 0012_3); the row's id is the event's SSE `id:`. The ids of
 * one order only grow, and an `order` event carries the order's state as it is when it is sent.
 * The contract (docs/openapi.yaml):
 *
 * - Without `Last-Event-ID` the stream starts with the order as it is, `id:` the order's latest event
 *   id (0 when it never changed), then one `order` event per change, each with its own id, none
 *   coalesced or skipped.
 * - With `Last-Event-ID: N` (the header EventSource sends on reconnect, or `?lastEventId=N`) it starts
 *   with every event of the order after N, oldest first (nothing when there is none), then goes on
 *   live. An id past the order's latest event, or not a whole number, counts as none given.
 *
 * The events are rows of the shared database, so a client that reconnects to any instance misses
 * nothing. How an instance hears of new rows (orderEventFeed.ts): on PostgreSQL through the trigger's
 * NOTIFY (one LISTEN connection per process), with a catch-up read of every open order once a
 * heartbeat; on SQLite one shared poll per process and interval reads the latest event id of every
 * order with an open stream in one query every `pollMs`. An order's new events and its state are read
 * once for all of its streams. A comment line every 15 seconds keeps proxies from closing an idle
 * stream; the stream ends after `maxMs` and the client reconnects.
 *
 * Limits: at most MAX_STREAMS_PER_ORDER streams per account and order and MAX_STREAMS_PER_ACCOUNT per
 * account (a new one closes the oldest), and EVENT_STREAMS_MAX per process (more are answered 503 with
 * `Retry-After`); opening is rate-limited per account and address by the route (`RATE_LIMIT_EVENTS_*`).
 * Once a heartbeat the feed checks the tokens of its streams in one query and ends every stream whose
 * token or session has ended (sign-out, revocation, erasure).
 */

/** The order's status, visit and payment (every payment change also writes the order's row, so it is a change of the order the stream hears). */
export type OrderChangeEvent = Required<OrderChangeEventDto>;

export interface StreamOptions {
  pollMs?: number;
  heartbeatMs?: number;
  maxMs?: number;
  /** The bearer token the stream was opened with: checked once a heartbeat. */
  token?: string | null;
  /** The id of the last event the client received (`Last-Event-ID`): the stream starts after it. */
  lastEventId?: number | null;
}

export const MAX_STREAMS_PER_ORDER = 3;
export const MAX_STREAMS_PER_ACCOUNT = 10;
/** Seconds a client refused for the process's cap is asked to wait. */
export const STREAMS_RETRY_AFTER_SECONDS = 30;

export const DEFAULT_POLL_MS = 2000;

export { orderStreamPollReads } from './orderEventFeed';

async function snapshot(db: Db, orderId: number): Promise<OrderChangeEvent | null> {
  const order = await lifecycleRepo.getOrder(db, orderId);
  if (!order) return null;
  const [visit, payment] = await Promise.all([visitTracking(db, order), paymentDto(db, order)]);
  return { status: order.status, visit, payment };
}

/** Open event streams of this process (all databases and intervals), oldest first. */
const openStreams = new Set<Watcher>();

/** Open event streams of this process (all databases and intervals). */
export function openOrderStreams(): number {
  return openStreams.size;
}

/** Closes the oldest of the account's streams (of the order, or of all its orders) beyond the limits, making room for one more. */
function makeRoom(userId: number, orderId: number): void {
  const mine = [...openStreams].filter((w) => w.userId === userId);
  const ofOrder = mine.filter((w) => w.orderId === orderId);
  for (const w of ofOrder.slice(0, Math.max(0, ofOrder.length - MAX_STREAMS_PER_ORDER + 1))) w.end();
  const left = mine.filter((w) => openStreams.has(w));
  for (const w of left.slice(0, Math.max(0, left.length - MAX_STREAMS_PER_ACCOUNT + 1))) w.end();
}

/**
 * The event id a reconnecting client last received: the `Last-Event-ID` header (EventSource sends it)
 * or the `lastEventId` query parameter (for clients that cannot set headers). Anything but a whole
 * number counts as none (an id of the older fingerprint form, say).
 */
export function lastEventIdOf(req: IncomingMessage, queryValue?: string | null): number | null {
  const header = req.headers['last-event-id'];
  for (const v of [Array.isArray(header) ? header[0] : header, queryValue]) {
    if (v && /^\d{1,15}$/.test(v.trim())) return Number(v.trim());
  }
  return null;
}

export async function streamOrderEvents(db: Db, user: AuthUser, orderId: number, req: IncomingMessage, res: ServerResponse, opts: StreamOptions = {}): Promise<void> {
  // Ownership first: another user's order is a 404 before any stream opens.
  await loadReadableOrder(db, user, orderId);
  makeRoom(user.id, orderId);
  if (openStreams.size >= getConfig().eventStreamsMax) {
    throw new HttpError(503, 'Too many open event streams, try again shortly', { code: ERROR_CODES.unavailable, headers: { 'Retry-After': String(STREAMS_RETRY_AFTER_SECONDS) } });
  }
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.write(`retry: 3000\n\n`);
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const feed = orderEventFeed(db, opts.pollMs ?? DEFAULT_POLL_MS, heartbeatMs, (id) => snapshot(db, id));
  let closed = false;
  await new Promise<void>((resolve) => {
    const w: Watcher = {
      orderId,
      userId: user.id,
      tokenHash: opts.token ? hashToken(opts.token) : null,
      checked: Date.now(),
      last: 0,
      lastBeat: Date.now(),
      started: Date.now(),
      heartbeatMs,
      maxMs: opts.maxMs ?? 10 * 60_000,
      send: (data, id) => {
        if (closed) return;
        res.write(`event: order\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
        w.last = id;
      },
      beat: () => {
        if (closed) return;
        res.write(': keep-alive\n\n');
        w.lastBeat = Date.now();
      },
      end: () => {
        if (!closed) res.end();
        finish();
      },
    };
    const finish = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(w);
      feed.remove(w);
      resolve();
    };
    openStreams.add(w);
    req.once('close', finish);
    res.once('close', finish);
    // Listening first (PostgreSQL), then the first read: an event in between is caught up by `add`.
    (async () => {
      await feed.ready();
      const latest = await latestEventId(db, orderId);
      const after = opts.lastEventId ?? null;
      if (after !== null && after <= latest) {
        // A reconnect: every event after the client's last one, then live.
        w.last = after;
      } else {
        // The order as it is, with the id of its latest event.
        const data = await snapshot(db, orderId);
        if (closed) return;
        if (data) w.send(data, latest);
        w.last = latest;
      }
      if (closed) return;
      feed.add(w);
    })().catch(() => w.end());
  });
}
