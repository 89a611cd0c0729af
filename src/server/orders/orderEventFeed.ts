import type { Db } from '@/server/db/createDb';
import { pgConnectionOf } from '@/server/db/createDb';
import { isPostgres } from '@/server/db/kind';
import { liveAccessTokenHashes } from '@/server/accounts/repositories/sessions';
import { log } from '@/server/log';
import type { Client } from 'pg';
import { eventIdsAfter, latestEventIds } from './repositories/liveEvents';

export { latestEventId } from './repositories/liveEvents';

/**
 * How the open event streams of one process hear of new `order_live_events` rows (see orderEvents.ts
 * for the contract): one feed per database and poll interval holds every open stream of the process.
 * New rows of an order are read once for all of its streams (`flush`), one order at a time, so a
 * stream is sent each id once and in order whatever woke the feed: PostgreSQL's NOTIFY, the SQLite
 * poll, the catch-up after a stream opened, or the heartbeat's safety read.
 */

/** One open stream as the feed sees it. */
export interface Watcher {
  orderId: number;
  userId: number;
  /** Hash of the stream's access token (null: not checked). */
  tokenHash: string | null;
  /** When the token was last found good. */
  checked: number;
  /** The id of the last event this stream was sent (0: none yet). */
  last: number;
  lastBeat: number;
  started: number;
  heartbeatMs: number;
  maxMs: number;
  /** Sends one event (the order's state, read once for all of its streams); sets `last` to its id. */
  send(data: unknown, id: number): void;
  beat(): void;
  end(): void;
}

let pollReads = 0;

/** How many times the feeds of this process have read the database for new events by polling (for tests and the bench). */
export function orderStreamPollReads(): number {
  return pollReads;
}

/** PostgreSQL LISTEN on the schema's channel, one connection per database; wakes every feed of that database. */
class Listener {
  private client: Client | null = null;
  private connecting: Promise<boolean> | null = null;
  private closed = false;
  /** Set when the connection is up and listening. */
  ready = false;

  constructor(
    private readonly db: Db,
    private readonly onEvent: (orderId: number) => void,
    private readonly onReconnect: () => void,
  ) {}

  /** Starts listening (once); answers whether it listens. */
  start(): Promise<boolean> {
    this.closed = false;
    if (this.ready) return Promise.resolve(true);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<boolean> {
    const settings = pgConnectionOf(this.db);
    if (!settings) return false;
    const pg = await import('pg');
    const client = new pg.Client({ connectionString: settings.connectionString, ...(settings.options ? { options: settings.options } : {}) });
    const channel = `order_events:${settings.schema ?? 'public'}`;
    try {
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel !== channel) return;
        const orderId = Number((msg.payload ?? '').split(':')[0]);
        if (orderId > 0) this.onEvent(orderId);
      });
      const lost = () => {
        if (this.client !== client) return;
        this.client = null;
        this.ready = false;
        client.end().catch(() => undefined);
        if (this.closed) return;
        log().warn('The order events listener lost its connection; reconnecting');
        setTimeout(() => {
          if (this.closed) return;
          void this.start().then((ok) => ok && this.onReconnect());
        }, 1000).unref?.();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (this.closed) {
        await client.end().catch(() => undefined);
        return false;
      }
      this.client = client;
      this.ready = true;
      return true;
    } catch (e) {
      log().warn({ err: e }, 'The order events listener did not start; the streams poll instead');
      await client.end().catch(() => undefined);
      return false;
    }
  }

  stop(): void {
    this.closed = true;
    this.ready = false;
    const c = this.client;
    this.client = null;
    c?.end().catch(() => undefined);
  }
}

const listeners = new WeakMap<Db, Listener>();
const feeds = new WeakMap<Db, Map<number, OrderEventFeed>>();

function feedsOf(db: Db): OrderEventFeed[] {
  return [...(feeds.get(db)?.values() ?? [])];
}

function listenerOf(db: Db): Listener {
  let l = listeners.get(db);
  if (!l) {
    l = new Listener(
      db,
      (orderId) => {
        for (const f of feedsOf(db)) f.kick(orderId);
      },
      () => {
        for (const f of feedsOf(db)) f.kickAll();
      },
    );
    listeners.set(db, l);
  }
  return l;
}

/** The feed shared by every open stream of one database and interval. */
export class OrderEventFeed {
  private readonly watchers = new Map<number, Set<Watcher>>();
  private readonly flushing = new Map<number, { again: boolean }>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;
  private lastSafetyRead = Date.now();
  private readonly pg: boolean;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
    private readonly safetyMs: number,
    private readonly snapshot: (orderId: number) => Promise<unknown>,
  ) {
    this.pg = isPostgres(db);
  }

  /** Before the first read of a new stream: on PostgreSQL the listener is up, so no later event goes unheard. */
  async ready(): Promise<void> {
    if (this.pg) await listenerOf(this.db).start();
  }

  add(w: Watcher): void {
    const set = this.watchers.get(w.orderId) ?? new Set<Watcher>();
    set.add(w);
    this.watchers.set(w.orderId, set);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.pollMs);
      this.timer.unref?.();
    }
    // Whatever was written between the stream's first read and now.
    this.kick(w.orderId);
  }

  remove(w: Watcher): void {
    const set = this.watchers.get(w.orderId);
    set?.delete(w);
    if (set && !set.size) this.watchers.delete(w.orderId);
    if (!this.watchers.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      if (this.pg && feedsOf(this.db).every((f) => f.size === 0)) listenerOf(this.db).stop();
    }
  }

  /** How many streams are open (for tests and the bench). */
  get size(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /** The order has (or may have) new events: send them to its streams. */
  kick(orderId: number): void {
    if (!this.watchers.has(orderId)) return;
    const state = this.flushing.get(orderId);
    if (state) {
      state.again = true;
      return;
    }
    void this.flush(orderId, { again: true });
  }

  kickAll(): void {
    for (const orderId of this.watchers.keys()) this.kick(orderId);
  }

  private async flush(orderId: number, state: { again: boolean }): Promise<void> {
    this.flushing.set(orderId, state);
    try {
      while (state.again) {
        state.again = false;
        const set = this.watchers.get(orderId);
        if (!set?.size) break;
        const ids = await eventIdsAfter(this.db, orderId, Math.min(...[...set].map((w) => w.last)));
        if (!ids.length) continue;
        // The order's state is read once for all of its streams.
        let data: unknown = null;
        for (const w of [...set]) {
          const due = ids.filter((id) => id > w.last);
          if (!due.length) continue;
          data ??= await this.snapshot(orderId);
          if (data === null) break;
          for (const id of due) w.send(data, id);
        }
      }
    } catch {
      // A failed read (database restart) ends the order's streams; the clients reconnect with Last-Event-ID.
      for (const w of [...(this.watchers.get(orderId) ?? [])]) w.end();
    } finally {
      this.flushing.delete(orderId);
    }
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
      for (const set of [...this.watchers.values()]) {
        for (const w of [...set]) {
          if (now - w.started >= w.maxMs) w.end();
          else if (now - w.lastBeat >= w.heartbeatMs) w.beat();
        }
      }
      if (!this.watchers.size) return;
      // SQLite: every interval. PostgreSQL: NOTIFY wakes the streams; this read is the safety net
      // (once a heartbeat), or the way when the listener is down.
      const listening = this.pg && listenerOf(this.db).ready;
      if (listening && now - this.lastSafetyRead < this.safetyMs) return;
      if (this.pg && !listening) void listenerOf(this.db).start();
      this.lastSafetyRead = now;
      pollReads += 1;
      const latest = await latestEventIds(this.db, [...this.watchers.keys()]);
      for (const [orderId, set] of this.watchers) {
        const id = latest.get(orderId) ?? 0;
        if ([...set].some((w) => w.last < id)) this.kick(orderId);
      }
    } catch {
      // A failed poll (database restart) ends the streams; the clients reconnect with Last-Event-ID.
      for (const set of [...this.watchers.values()]) for (const w of [...set]) w.end();
    } finally {
      this.running = false;
    }
  }
}

/** The feed of a database and interval, made on first use. */
export function orderEventFeed(db: Db, pollMs: number, safetyMs: number, snapshot: (orderId: number) => Promise<unknown>): OrderEventFeed {
  const byInterval = feeds.get(db) ?? new Map<number, OrderEventFeed>();
  feeds.set(db, byInterval);
  let feed = byInterval.get(pollMs);
  if (!feed) {
    feed = new OrderEventFeed(db, pollMs, safetyMs, snapshot);
    byInterval.set(pollMs, feed);
  }
  return feed;
}
