import { number, object, string, ValidationError } from 'yup';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { isPostgres } from '@/server/db/kind';
import { defineJob, runnable } from './defineJob';
import { engineFor } from './engine';
import { cancelJobs, enqueue, listJobsByKey } from './queue';
import { JOB } from './specs';
import { inWriteTransaction } from '../db/transactions';

/** A job is one definition: `enqueue(trx, job, payload)` checks the payload against its schema, on either engine. */
let db: TestDb;
const seen: { orderId: number; visitStart: string }[] = [];
const reminder = defineJob({
  name: JOB.visitReminder,
  payload: object({ orderId: number().integer().required(), visitStart: string().required() }),
  async handler(payload) {
    seen.push(payload);
  },
});

beforeAll(async () => {
  db = await createTestDb({ seed: false });
});
afterAll(async () => {
  await cancelJobs(db.db, reminder, 'define-job-test:');
  await db.cleanup();
});

test('the engine is chosen by the database once: the jobs table on SQLite, pg-boss on PostgreSQL', () => {
  expect(engineFor(db.db).kind).toBe(isPostgres(db.db) ? 'pg-boss' : 'table');
});

test('a payload its schema refuses is not stored; a valid one is stored once per key in the caller transaction', async () => {
  const runAt = new Date(Date.now() + 3_600_000);
  const bad: unknown = { orderId: 'seven', visitStart: '2026-12-01T08:00:00Z' };
  // @ts-expect-error -- a payload of the wrong shape, as an untyped caller could send it
  await expect(enqueue(db.db, reminder, bad, { key: 'define-job-test:1', runAt })).rejects.toBeInstanceOf(ValidationError);
  expect(await listJobsByKey(db.db, reminder.name, ['define-job-test:'])).toEqual([]);

  const added = await inWriteTransaction(db.db, (trx) => enqueue(trx, reminder, { orderId: 7, visitStart: '2026-12-01T08:00:00Z' }, { key: 'define-job-test:1', runAt }));
  expect(added).toBe(true);
  expect(await enqueue(db.db, reminder, { orderId: 7, visitStart: '2026-12-01T08:00:00Z' }, { key: 'define-job-test:1', runAt })).toBe(false);
  expect((await listJobsByKey(db.db, reminder.name, ['define-job-test:'])).map((j) => j.state)).toEqual(['pending']);
});

test('the worker hands the handler a checked payload and refuses a stored one that no longer fits', async () => {
  const run = runnable(reminder);
  const ctx = { db: db.db, id: '1', attempt: 1, now: new Date() };
  await run.handler({ orderId: 3, visitStart: '2026-12-02T09:00:00Z' }, ctx);
  expect(seen).toEqual([{ orderId: 3, visitStart: '2026-12-02T09:00:00Z' }]);
  await expect(run.handler({ orderId: 3 }, ctx)).rejects.toBeInstanceOf(ValidationError);
  expect(seen).toHaveLength(1);
});
