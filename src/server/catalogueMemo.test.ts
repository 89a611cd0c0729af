import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { CATALOGUE_MEMO_MS, MEMO_MAX_ITEMS, remembered, rememberedItems } from './catalogueMemo';

/** What the whole-list catalogue reads (list routes, home, profiles) keep between requests. */
const newDb = () => ({}) as Kysely<Database>;
const count = (v: readonly unknown[]) => v.length;

test('concurrent and later callers within the minute share one load; after it the list is built again', async () => {
  const db = newDb();
  let t = 1_000;
  const now = () => t;
  const load = jest.fn(async () => [{ id: 1, prices: [{ price: 10 }] }]);
  const [a, b] = await Promise.all([remembered(db, 'k', load, count, now), remembered(db, 'k', load, count, now)]);
  expect(load).toHaveBeenCalledTimes(1);
  expect(b).toBe(a);
  t += CATALOGUE_MEMO_MS - 1;
  expect(await remembered(db, 'k', load, count, now)).toBe(a);
  t += 1;
  expect(await remembered(db, 'k', load, count, now)).not.toBe(a);
  expect(load).toHaveBeenCalledTimes(2);
});

test('keys and database handles are kept apart', async () => {
  const db = newDb();
  const one = await remembered(db, 'analyses:1', async () => [1], count);
  const two = await remembered(db, 'analyses:2', async () => [2], count);
  const otherDb = await remembered(newDb(), 'analyses:1', async () => [3], count);
  expect([one, two, otherDb]).toEqual([[1], [2], [3]]);
});

test('a kept list is frozen to the bottom, so no caller can change what later requests see', async () => {
  const list = await remembered(newDb(), 'k', async () => [{ id: 1, prices: [{ price: 10 }] }], count);
  expect(() => {
    (list as { id: number }[]).push({ id: 2 });
  }).toThrow(TypeError);
  expect(() => {
    (list[0] as { prices: { price: number }[] }).prices[0]!.price = 0;
  }).toThrow(TypeError);
  const bytes = await remembered(newDb(), 'json', async () => ({ body: Buffer.from('[]'), items: 0 }), (v) => v.items);
  expect(bytes.body.toString()).toBe('[]');
});

test('a failed load is not kept, and a list longer than the limit is built for each caller', async () => {
  const db = newDb();
  const failing = jest.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue([1]);
  await expect(remembered(db, 'k', failing, count)).rejects.toThrow('database gone');
  expect(await remembered(db, 'k', failing, count)).toEqual([1]);
  expect(failing).toHaveBeenCalledTimes(2);

  const big = jest.fn(async () => new Array<number>(MEMO_MAX_ITEMS + 1).fill(0));
  const first = await remembered(db, 'big', big, count);
  first[0] = 1; // not frozen: it belongs to this caller only
  expect((await remembered(db, 'big', big, count))[0]).toBe(0);
  expect(big).toHaveBeenCalledTimes(2);
});

describe('rememberedItems: the items of a list too long to keep whole', () => {
  const buildFrom = (calls: number[][]) =>
    jest.fn(async (missing: number[]) => {
      calls.push(missing);
      return new Map(missing.filter((id) => id > 0).map((id) => [id, { id, prices: [{ price: id * 10 }] }]));
    });

  it('builds only the ids it does not keep, each once a minute, leaving out unknown ids', async () => {
    const db = newDb();
    let t = 5_000;
    const now = () => t;
    const calls: number[][] = [];
    const build = buildFrom(calls);
    const first = await rememberedItems(db, 'k', [1, 2, -3], build, now);
    expect([...first.keys()]).toEqual([1, 2]);
    const second = await rememberedItems(db, 'k', [2, 1, 4], build, now);
    expect(second.get(1)).toBe(first.get(1));
    expect(second.get(4)).toEqual({ id: 4, prices: [{ price: 40 }] });
    // -3 is unknown: asked for again, never kept.
    expect(calls).toEqual([[1, 2, -3], [4]]);
    t += CATALOGUE_MEMO_MS;
    await rememberedItems(db, 'k', [1, 4], build, now);
    expect(calls.at(-1)).toEqual([1, 4]);
    // Another key or handle keeps its own.
    await rememberedItems(db, 'other', [1], build, now);
    await rememberedItems(newDb(), 'k', [1], build, now);
    expect(calls.slice(-2)).toEqual([[1], [1]]);
  });

  it('kept items are frozen, and at most MEMO_MAX_ITEMS are kept: the least recently used go first', async () => {
    const db = newDb();
    const calls: number[][] = [];
    const build = buildFrom(calls);
    const ids = Array.from({ length: MEMO_MAX_ITEMS }, (_, i) => i + 1);
    const all = await rememberedItems(db, 'k', ids, build);
    expect(() => {
      (all.get(1) as { prices: { price: number }[] }).prices[0]!.price = 0;
    }).toThrow(TypeError);
    // Using 1 makes 2 the least recently used; one more item pushes 2 out, and 1 stays.
    await rememberedItems(db, 'k', [1], build);
    await rememberedItems(db, 'k', [MEMO_MAX_ITEMS + 1], build);
    await rememberedItems(db, 'k', [1, 2, 3], build);
    expect(calls.slice(1)).toEqual([[MEMO_MAX_ITEMS + 1], [2]]);
  });
});
