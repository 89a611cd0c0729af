import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Whole-list catalogue reads (a price list's analyses, the profiles with their analyses) are the same
 * for every caller and change only when the catalogue itself is loaded: migrations and the demo seed
 * (run by `createDb` before the database handle serves any request) and import tools (another
 * process). No route writes the catalogue. Building these lists is most of the work of the list
 * routes and pages, so each database handle keeps the built list for CATALOGUE_MEMO_MS:
 *
 * - the same minute the answers already tell shared caches to keep them (`catalogueCache`), so a
 *   catalogue changed by another process (another app instance, a tool) shows within a minute;
 * - lists longer than MEMO_MAX_ITEMS are built per request and not kept, so memory stays bounded
 *   whatever the catalogue's size; at most one entry per key (price list), replaced when it expires.
 *
 * Kept values are frozen: a caller that tried to modify one would throw instead of changing what
 * every later request sees.
 */
type Db = Kysely<Database>;

export const CATALOGUE_MEMO_MS = 60_000;
export const MEMO_MAX_ITEMS = 5_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

const memo = new WeakMap<Db, Map<string, Entry>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * `load()`'s value, kept per database and key for CATALOGUE_MEMO_MS; concurrent callers share one
 * load. `size` counts a value's items (lists longer than MEMO_MAX_ITEMS are not kept).
 */
export function remembered<T>(db: Db, key: string, load: () => Promise<T>, size: (v: T) => number, now: () => number = Date.now): Promise<T> {
  let entries = memo.get(db);
  if (!entries) {
    entries = new Map();
    memo.set(db, entries);
  }
  const kept = entries;
  const hit = kept.get(key);
  if (hit && now() - hit.at < CATALOGUE_MEMO_MS) return hit.value as Promise<T>;
  const drop = () => {
    if (kept.get(key)?.value === value) kept.delete(key);
  };
  const value: Promise<T> = load().then(
    (v) => {
      if (size(v) > MEMO_MAX_ITEMS) {
        drop();
        return v;
      }
      return deepFreeze(v);
    },
    (e: unknown) => {
      // A failed load is not kept: the next caller tries again.
      drop();
      throw e;
    },
  );
  kept.set(key, { at: now(), value });
  return value;
}
