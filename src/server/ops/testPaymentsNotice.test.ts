import { getConfig } from '../config';
import { createTestDb, type TestDb } from '../testing/testDb';
import { readiness } from './health';

/** F14: with the test payment provider on in production, /api/health/ready says so; otherwise it does not. */
let db: TestDb;
const env = process.env as Record<string, string | undefined>;
const nodeEnv = env.NODE_ENV;
beforeAll(async () => {
  db = await createTestDb({ seed: false });
});
afterAll(async () => {
  env.NODE_ENV = nodeEnv;
  await db?.cleanup();
});

test('readiness shows testPayments: true only in production with the test provider on', async () => {
  const payments = getConfig().payments;
  getConfig().payments = { ...payments, providers: { test: { secret: 'x'.repeat(16) } } };
  expect(await readiness(db.db)).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });
  env.NODE_ENV = 'production';
  try {
    expect(await readiness(db.db)).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' }, testPayments: true });
    getConfig().payments = { ...payments, providers: {} };
    expect(await readiness(db.db)).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });
  } finally {
    env.NODE_ENV = nodeEnv;
    getConfig().payments = payments;
  }
});
