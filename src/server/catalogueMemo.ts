import type { Db } from '@/server/db/createDb';
import { BoundedMemo } from '@/server/boundedMemo';

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
 * every later request sees. A leaf of src/server: `catalogue/`, `laboratories/` (a laboratory's
 * pricing) and `ssr/` keep their reference data here.
 */

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

interface ItemEntry {
  at: number;
  value: unknown;
}

const itemMemo = new WeakMap<Db, Map<string, Map<number, ItemEntry>>>();

/**
 * Items of a list too long to keep whole (a large catalogue's price list), by id: each database
 * handle keeps, per key, the MEMO_MAX_ITEMS most recently used items for CATALOGUE_MEMO_MS each, so a
 * page of such a list (a category page of 50 analyses) is built once a minute, not on every request,
 * and memory stays bounded whatever the catalogue's size. `build` is called with the ids not kept
 * (none when all are); ids it does not return are left out of the answer. Kept items are frozen.
 */
export async function rememberedItems<T>(db: Db, key: string, ids: readonly number[], build: (missing: number[]) => Promise<ReadonlyMap<number, T>>, now: () => number = Date.now): Promise<Map<number, T>> {
  let lists = itemMemo.get(db);
  if (!lists) {
    lists = new Map();
    itemMemo.set(db, lists);
  }
  let kept = lists.get(key);
  if (!kept) {
    kept = new Map();
    lists.set(key, kept);
  }
  const at = now();
  const found = new Map<number, T>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = kept.get(id);
    if (hit && at - hit.at < CATALOGUE_MEMO_MS) {
      // Most recently used last (a Map keeps insertion order): the oldest go first when over the limit.
      kept.delete(id);
      kept.set(id, hit);
      found.set(id, hit.value as T);
    } else missing.push(id);
  }
  if (missing.length) {
    const built = await build(missing);
    for (const [id, value] of built) {
      found.set(id, deepFreeze(value));
      kept.delete(id);
      kept.set(id, { at, value });
    }
    for (const id of kept.keys()) {
      if (kept.size <= MEMO_MAX_ITEMS) break;
      kept.delete(id);
    }
  }
  return found;
}

/** Bytes of single catalogue answers (an analysis card, a profile, a search answer) each database handle keeps. */
export const ANSWER_MEMO_BYTES = 16 * 1024 * 1024;

const answerMemo = new WeakMap<Db, BoundedMemo<{ value: unknown; bytes: number }>>();

/**
 * One catalogue answer whose key is open-ended (a search term, an analysis or profile id with a
 * laboratory): each database handle keeps them for CATALOGUE_MEMO_MS within ANSWER_MEMO_BYTES, the
 * least recently used dropped first; concurrent callers share one load, and a failed load (an
 * unknown laboratory or id) is not kept. `bytes` estimates a value's size. Kept values are frozen.
 */
export async function rememberedAnswer<T>(db: Db, key: string, load: () => Promise<T>, bytes: (v: T) => number): Promise<T> {
  let memo = answerMemo.get(db);
  if (!memo) {
    memo = new BoundedMemo<{ value: unknown; bytes: number }>((e) => e.bytes, ANSWER_MEMO_BYTES, CATALOGUE_MEMO_MS);
    answerMemo.set(db, memo);
  }
  const { value } = await memo.get(key, async () => {
    const v = deepFreeze(await load());
    return { value: v, bytes: bytes(v) + 256 };
  });
  return value.value as T;
}
