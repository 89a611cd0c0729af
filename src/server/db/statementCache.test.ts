import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { cachingStatements } from './statementCache';

/** The SQLite file behind Kysely with its prepared statements kept (a real file, no mocks). */
interface Schema {
  items: { id: number; name: string };
}

let dir: string;
let file: SQLite.Database;
let db: Kysely<Schema>;
let prepared: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-stmt-'));
  file = new SQLite(path.join(dir, 'test.sqlite'));
  prepared = 0;
  const prepare = file.prepare.bind(file);
  // Counts what reaches SQLite's own prepare.
  file.prepare = ((text: string) => {
    prepared++;
    return prepare(text);
  }) as typeof file.prepare;
  db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: cachingStatements(file, 3) }) });
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
  await db.insertInto('items').values([{ id: 1, name: 'TSH' }, { id: 2, name: 'Glucose' }, { id: 3, name: 'Ferritin' }]).execute();
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const byId = (id: number) => db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();

test('a query run again with other parameters answers from one prepared statement', async () => {
  const before = prepared;
  expect(await byId(1)).toEqual({ name: 'TSH' });
  expect(await byId(2)).toEqual({ name: 'Glucose' });
  expect(await byId(9)).toBeUndefined();
  expect(prepared - before).toBe(1);
});

test('a kept statement sees writes and schema changes made after it was prepared', async () => {
  expect(await byId(3)).toEqual({ name: 'Ferritin' });
  await db.updateTable('items').set({ name: 'Ferritin (serum)' }).where('id', '=', 3).execute();
  expect(await byId(3)).toEqual({ name: 'Ferritin (serum)' });
  await sql`alter table items add column unit text`.execute(db);
  await sql`update items set unit = 'mIU/L' where id = 1`.execute(db);
  expect(await db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirst()).toEqual({ id: 1, name: 'TSH', unit: 'mIU/L' });
});

test('a text whose kept statement is still being iterated gets a statement of its own', () => {
  const statements = cachingStatements(file);
  const text = 'select name from items order by id';
  const rows = statements.prepare(text).iterate([]);
  expect(rows.next().value).toEqual({ name: 'TSH' });
  // The kept statement is busy until its iteration ends: this run must not disturb it.
  expect(statements.prepare(text).all([])).toHaveLength(3);
  expect([...rows]).toEqual([{ name: 'Glucose' }, { name: 'Ferritin' }]);
});

test('past its size the least recently used text is prepared again', async () => {
  // Four different texts (a limit is a parameter, so the texts differ by their ordering).
  const texts = (['id', 'name', 'id desc', 'name desc'] as const).map((order) => db.selectFrom('items').select('id').where('id', '=', 1).orderBy(sql.raw(order)));
  for (const q of texts) await q.execute();
  const before = prepared;
  await texts[3]!.execute(); // kept
  expect(prepared - before).toBe(0);
  await texts[0]!.execute(); // dropped when the fourth text came in
  expect(prepared - before).toBe(1);
  expect(await texts[0]!.execute()).toEqual([{ id: 1 }]);
});
