import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CATALOGUE_MEMO_MS, MEMO_MAX_ITEMS, remembered } from './catalogueMemo';

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
