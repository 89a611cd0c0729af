interface Entry<T> {
  value: T;
  bytes: number;
  expires: number;
}

/**
 * Values kept for a while, within a byte budget: each for `ttlMs`, the least recently used dropped
 * first when the budget is full, and concurrent requests for a key being loaded share one load.
 * The render cache (src/server/ssr/renderCache.ts) and catalogue search keep their answers in one.
 */
export class BoundedMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly sizeOf: (value: T) => number,
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  private fresh(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last, so eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  private store(key: string, value: T): void {
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.drop(key);
    this.entries.set(key, { value, bytes, expires: this.now() + this.ttlMs });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /**
   * The kept value of `key` ('hit'), or `load()`'s ('miss'; kept when `keep` says so of it).
   * Requests for a key being loaded wait for that load ('shared'); a failed load is not kept and
   * each waiting request gets its error.
   */
  async get(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<{ value: T; from: 'hit' | 'miss' | 'shared' }> {
    const kept = this.fresh(key);
    if (kept !== undefined) return { value: kept, from: 'hit' };
    const running = this.pending.get(key);
    if (running) return { value: await running, from: 'shared' };
    const p = load().then((value) => {
      if (keep(value)) this.store(key, value);
      return value;
    });
    this.pending.set(key, p);
    try {
      return { value: await p, from: 'miss' };
    } finally {
      this.pending.delete(key);
    }
  }
}
