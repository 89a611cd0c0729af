import type { Db } from '@/server/db/createDb';
import type { IncomingMessage, ServerResponse } from 'http';
import type { AuthUser } from '@/server/http/auth';
import type { OrderStatusDto, VisitTrackingDto } from '@/shared/types/results';
import * as lifecycleRepo from '@/server/orders/repositories/orders';
import { getOrderFingerprints } from '@/server/visits/repositories/visitStates';
import { loadReadableOrder } from './orderLifecycle';
import { visitTracking } from '@/server/visits/visitStates';
import { liveAccessTokenHashes } from '@/server/accounts/repositories/sessions';
import { hashToken } from '@/server/tokens';
import { getConfig } from '@/server/config';
import { HttpError } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';

/**
 * GET orders/{id}/events: Server-Sent Events for the order page. Nothing about the order is kept in
 * the process but its last fingerprint: one shared poll per process (and poll interval) reads the
 * small row (visit_version, status, updated_at) of every order with an open stream in one query every
 * `pollMs`, and when an order's row changed, reads its status and visit once and sends them to each of
 * its streams. So 500 open streams cost one query per interval, not 500. Works the same with several
 * instances (each polls the shared database). A comment line every 15 seconds keeps proxies from
 * closing an idle stream; the stream ends after `maxMs` and the client reconnects.
 *
 * Limits: at most MAX_STREAMS_PER_ORDER streams per account and order and MAX_STREAMS_PER_ACCOUNT per
 * account (a new one closes the oldest), and EVENT_STREAMS_MAX per process (more are answered 503 with
 * `Retry-After`); opening is rate-limited per account and address by the route (`RATE_LIMIT_EVENTS_*`).
 * Once a heartbeat the poll checks the tokens of its streams in one query and ends every stream whose
 * token or session has ended (sign-out, revocation, erasure).
 */

export interface OrderChangeEvent {
  status: OrderStatusDto;
  visit: VisitTrackingDto;
}

export interface StreamOptions {
  pollMs?: number;
  heartbeatMs?: number;
  maxMs?: number;
  /** The bearer token the stream was opened with: checked once a heartbeat. */
  token?: string | null;
}

export const MAX_STREAMS_PER_ORDER = 3;
export const MAX_STREAMS_PER_ACCOUNT = 10;
/** Seconds a client refused for the process's cap is asked to wait. */
export const STREAMS_RETRY_AFTER_SECONDS = 30;

export const DEFAULT_POLL_MS = 2000;

async function snapshot(db: Db, orderId: number): Promise<OrderChangeEvent | null> {
  const order = await lifecycleRepo.getOrder(db, orderId);
  return order ? { status: order.status, visit: await visitTracking(db, order) } : null;
}

/** One open stream as the shared poll sees it. */
interface Watcher {
  orderId: number;
  userId: number;
  /** Hash of the stream's access token (null: not checked). */
  tokenHash: string | null;
  /** When the token was last found good. */
  checked: number;
  last: string | null;
  lastBeat: number;
  started: number;
  heartbeatMs: number;
  maxMs: number;
  send(event: OrderChangeEvent, id: string): void;
  beat(): void;
  end(): void;
}

/** The poll shared by every open stream of one database and interval. */
class SharedPoll {
  private readonly watchers = new Map<number, Set<Watcher>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
  ) {}

  add(w: Watcher): void {
    const set = this.watchers.get(w.orderId) ?? new Set<Watcher>();
    set.add(w);
    this.watchers.set(w.orderId, set);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.pollMs);
      this.timer.unref?.();
    }
  }

  remove(w: Watcher): void {
    const set = this.watchers.get(w.orderId);
    set?.delete(w);
    if (set && !set.size) this.watchers.delete(w.orderId);
    if (!this.watchers.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** How many streams are open (for tests and the bench). */
  get size(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /** Ends the streams whose token or session has ended: one query for every stream due for its check. */
  private async endRevoked(now: number): Promise<void> {
    const due: Watcher[] = [];
    for (const set of this.watchers.values()) for (const w of set) if (w.tokenHash && now - w.checked >= w.heartbeatMs) due.push(w);
    if (!due.length) return;
    const live = await liveAccessTokenHashes(this.db, [...new Set(due.map((w) => w.tokenHash as string))], new Date(now));
    for (const w of due) {
      if (live.has(w.tokenHash as string)) w.checked = now;
      else w.end();
    }
  }

  async tick(): Promise<void> {
    // A slow database never stacks polls: a tick that finds the last one running is skipped.
    if (this.running || !this.watchers.size) return;
    this.running = true;
    try {
      const now = Date.now();
      await this.endRevoked(now);
      if (!this.watchers.size) return;
      pollReads += 1;
      const fingerprints = await getOrderFingerprints(this.db, [...this.watchers.keys()]);
      for (const [orderId, set] of this.watchers) {
        const fingerprint = fingerprints.get(orderId) ?? null;
        let data: Promise<OrderChangeEvent | null> | null = null;
        for (const w of [...set]) {
          if (now - w.started >= w.maxMs) {
            w.end();
          } else if (fingerprint !== w.last) {
            w.last = fingerprint;
            // The order's status and visit are read once for all of its streams.
            data ??= snapshot(this.db, orderId);
            const event = await data;
            if (event) w.send(event, fingerprint ?? '');
          } else if (now - w.lastBeat >= w.heartbeatMs) {
            w.beat();
          }
        }
      }
    } catch {
      // A failed poll (database restart) ends the streams; the clients reconnect.
      for (const set of [...this.watchers.values()]) for (const w of [...set]) w.end();
    } finally {
      this.running = false;
    }
  }
}

const polls = new WeakMap<Db, Map<number, SharedPoll>>();
const allPolls = new Set<SharedPoll>();
let pollReads = 0;

/** How many times the shared polls of this process have read the database (for tests and the bench). */
export function orderStreamPollReads(): number {
  return pollReads;
}

function sharedPoll(db: Db, pollMs: number): SharedPoll {
  const byInterval = polls.get(db) ?? new Map<number, SharedPoll>();
  polls.set(db, byInterval);
  let poll = byInterval.get(pollMs);
  if (!poll) {
    poll = new SharedPoll(db, pollMs);
    byInterval.set(pollMs, poll);
    allPolls.add(poll);
  }
  return poll;
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
  const poll = sharedPoll(db, opts.pollMs ?? DEFAULT_POLL_MS);
  let closed = false;
  await new Promise<void>((resolve) => {
    const w: Watcher = {
      orderId,
      userId: user.id,
      tokenHash: opts.token ? hashToken(opts.token) : null,
      checked: Date.now(),
      last: null,
      lastBeat: Date.now(),
      started: Date.now(),
      heartbeatMs: opts.heartbeatMs ?? 15_000,
      maxMs: opts.maxMs ?? 10 * 60_000,
      send: (data, id) => {
        if (!closed) res.write(`event: order\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
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
      poll.remove(w);
      resolve();
    };
    openStreams.add(w);
    req.once('close', finish);
    res.once('close', finish);
    // The current state at once, then whatever the shared poll finds changed.
    // (The fingerprint is read first: a change in between is sent again, never missed.)
    getOrderFingerprints(db, [orderId])
      .then(async (fingerprints) => {
        const fingerprint = fingerprints.get(orderId) ?? null;
        const data = await snapshot(db, orderId);
        if (closed) return;
        w.last = fingerprint;
        if (data) w.send(data, fingerprint ?? '');
        poll.add(w);
      })
      .catch(() => w.end());
  });
}
