import { setConfigForTests, getConfig } from '../config';
import { createTestDb, type TestDb } from '../testing/testDb';
import { createFixtureUser, seedShopFixture } from '../testing/shopFixtures';
import { runDueJobs } from './jobs';
import { hashToken } from '../http/auth';

/** The daily purge job deletes expired tokens and old attempt rows and keeps everything still in use. */
let db: TestDb;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  await seedShopFixture(db.db);
  setConfigForTests({ ...getConfig(), retentionDays: 30 });
});
afterAll(async () => {
  await db.cleanup();
});

const daysAgo = (now: Date, d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

test('expired and long-revoked tokens and login attempts older than the retention are deleted, once a day', async () => {
  const now = new Date();
  const user = await createFixtureUser(db.db);
  const token = (hash: string, kind: 'access' | 'reset' | 'activation', expires: string, revoked: string | null = null) => ({
    token_hash: hash,
    user_id: user.id,
    kind,
    created_at: daysAgo(now, 40),
    expires_at: expires,
    revoked_at: revoked,
  });
  await db.db
    .insertInto('auth_tokens')
    .values([
      token('expired-reset', 'reset', daysAgo(now, 1)),
      token('expired-activation', 'activation', daysAgo(now, 0.01)),
      token('revoked-long-ago', 'access', daysAgo(now, -10), daysAgo(now, 31)),
      token('revoked-lately', 'access', daysAgo(now, -10), daysAgo(now, 2)),
      token('valid-reset', 'reset', daysAgo(now, -0.5)),
    ])
    .execute();
  await db.db
    .insertInto('login_attempts')
    .values([
      { key: 'email:old@example.test', at: daysAgo(now, 31), success: 0 },
      { key: 'ip:10.0.0.1', at: daysAgo(now, 45), success: 1 },
      { key: 'email:recent@example.test', at: daysAgo(now, 29), success: 0 },
    ])
    .execute();

  const tokens = async () => (await db.db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.id).orderBy('token_hash').execute()).map((r) => r.token_hash);
  const attempts = async () => (await db.db.selectFrom('login_attempts').select('key').where('key', 'like', '%example.test').orderBy('key').execute()).map((r) => r.key);

  const report = await runDueJobs(db.db, { now });
  expect(report.failed).toBe(0);
  expect((await tokens()).filter((t) => t !== hashToken(user.token))).toEqual(['revoked-lately', 'valid-reset']);
  expect(await attempts()).toEqual(['email:recent@example.test']);
  expect(await db.db.selectFrom('login_attempts').select('key').where('key', '=', 'ip:10.0.0.1').execute()).toEqual([]);

  // Next run within the day: the purge is not due again; a day later it is.
  await db.db.insertInto('login_attempts').values({ key: 'email:later@example.test', at: daysAgo(now, 40), success: 0 }).execute();
  await runDueJobs(db.db, { now: new Date(now.getTime() + 3_600_000) });
  expect(await attempts()).toContain('email:later@example.test');
  await runDueJobs(db.db, { now: new Date(now.getTime() + 25 * 3_600_000) });
  expect(await attempts()).not.toContain('email:later@example.test');
});
