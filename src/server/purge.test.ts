import { setConfigForTests, getConfig } from '@/server/config';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { createFixtureUser, seedShopFixture } from '@/server/testing/shopFixtures';
import { purgeOldRows } from './purge';
import { ensureRecurringJobs } from './jobList';
import { listJobs } from '@/server/jobs/queue';
import { hashToken } from '@/server/tokens';

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

  const session = async (ended: { revoked_at?: string; idle_expires_at?: string; absolute_expires_at?: string }, refresh: string) => {
    const row = await db.db
      .insertInto('sessions')
      .values({ user_id: user.id, created_at: daysAgo(now, 40), last_used_at: daysAgo(now, 40), idle_seconds: 1800, idle_expires_at: daysAgo(now, -0.01), absolute_expires_at: daysAgo(now, -0.2), user_agent: '', revoked_at: null, revoked_reason: null, ...ended })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db.insertInto('refresh_tokens').values({ token_hash: refresh, session_id: row.id, created_at: daysAgo(now, 40), replaced_at: null }).execute();
  };
  await session({ revoked_at: daysAgo(now, 31) }, 'refresh-revoked-long-ago');
  await session({ idle_expires_at: daysAgo(now, 31) }, 'refresh-idle-long-ago');
  await session({ revoked_at: daysAgo(now, 2) }, 'refresh-revoked-lately');
  await session({}, 'refresh-live');
  const refreshTokens = async () => (await db.db.selectFrom('refresh_tokens').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash);
  const tokens = async () => (await db.db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.id).orderBy('token_hash').execute()).map((r) => r.token_hash);
  const attempts = async () => (await db.db.selectFrom('login_attempts').select('key').where('key', 'like', '%example.test').orderBy('key').execute()).map((r) => r.key);

  const report = await purgeOldRows(db.db, now);
  expect(report.loginAttempts).toBeGreaterThan(0);
  expect((await tokens()).filter((t) => t !== hashToken(user.token))).toEqual(['revoked-lately', 'valid-reset']);
  expect(await attempts()).toEqual(['email:recent@example.test']);
  // Sessions that ended before the retention go with their refresh tokens; later or live ones stay.
  expect(await refreshTokens()).toEqual(['refresh-live', 'refresh-revoked-lately']);
  expect(await db.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(2);
  expect(await db.db.selectFrom('login_attempts').select('key').where('key', '=', 'ip:10.0.0.1').execute()).toEqual([]);

});

test('the purge is on the queue once a day, whichever instance asks first', async () => {
  const day = Date.UTC(2026, 10, 26, 5);
  await ensureRecurringJobs(db.db, new Date(day));
  await ensureRecurringJobs(db.db, new Date(day + 3_600_000));
  const purges = async () => (await listJobs(db.db)).filter((j) => j.name === 'purge' && j.state === 'pending');
  expect(await purges()).toHaveLength(1);
  await ensureRecurringJobs(db.db, new Date(day + 25 * 3_600_000));
  expect(await purges()).toHaveLength(2);
});
