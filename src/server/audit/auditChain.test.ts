import crypto from 'node:crypto';
import { sql } from 'kysely';
import { getConfig } from '@/server/config';
import { createDb } from '@/server/db/createDb';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { recordAudit } from './audit';
import { verifyAuditChain } from './auditChain';

/**
 * The audit trail cannot be emptied or quietly edited: on PostgreSQL a statement trigger refuses
 * TRUNCATE, and with DATABASE_MIGRATION_URL the app runs as a role that may only insert and read the
 * trail (not the owner: no TRUNCATE, no DROP TRIGGER); on both databases a hash chain over the records
 * shows a removed or changed record (`npm run audit:verify`).
 */
let tdb: TestDb;
beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
});
afterAll(async () => {
  await tdb.cleanup();
});

const pg = process.env.DATABASE_URL?.startsWith('postgres');
const refusal = (q: Promise<unknown>) => q.then(() => 'done', (e: { message?: string }) => String(e?.message));

async function records(n: number, tag: string) {
  for (let i = 0; i < n; i++) await recordAudit(tdb.db, { action: 'health_read', actorKind: 'staff', ip: '192.0.2.1', detail: `${tag} ${i}` });
  return tdb.db.selectFrom('audit_events').select(['id', 'detail']).where('detail', 'like', `${tag} %`).orderBy('id').execute();
}

/** Lifts the append-only triggers as only the database owner could, runs `fn`, and puts them back. */
async function asOwnerWithoutTriggers(fn: () => Promise<unknown>) {
  if (pg) {
    await sql`alter table audit_events disable trigger user`.execute(tdb.db);
    try {
      await fn();
    } finally {
      await sql`alter table audit_events enable trigger user`.execute(tdb.db);
    }
  } else {
    await sql`drop trigger audit_events_no_delete`.execute(tdb.db);
    await sql`drop trigger audit_events_no_update`.execute(tdb.db);
    await fn();
  }
}

test('the chain verifies; 20 parallel records still form one chain', async () => {
  await Promise.all(Array.from({ length: 20 }, (_, i) => recordAudit(tdb.db, { action: 'sign_in', actorKind: 'patient', ip: '192.0.2.9', detail: `parallel ${i}` })));
  const report = await verifyAuditChain(tdb.db);
  expect(report).toMatchObject({ ok: true, problems: [] });
  expect(report.records).toBeGreaterThanOrEqual(20);
  expect(report.head).toMatch(/^[0-9a-f]{64}$/);
});

(pg ? test : test.skip)('PostgreSQL refuses TRUNCATE of the trail, even for its owner', async () => {
  await records(2, 'truncate');
  expect(await refusal(sql`truncate audit_events`.execute(tdb.db))).toMatch(/append-only/);
  expect((await tdb.db.selectFrom('audit_events').select('id').execute()).length).toBeGreaterThan(0);
});

test('a removed record and a changed record are found by the verification', async () => {
  const rows = await records(5, 'tamper');
  await asOwnerWithoutTriggers(async () => {
    await tdb.db.deleteFrom('audit_events').where('id', '=', rows[1]?.id as number).execute();
    await tdb.db.updateTable('audit_events').set({ detail: 'nothing to see' }).where('id', '=', rows[3]?.id as number).execute();
  });
  const report = await verifyAuditChain(tdb.db);
  expect(report.ok).toBe(false);
  expect(report.problems).toEqual([
    expect.stringMatching(new RegExp(`^record ${rows[2]?.id}: its link names .* \\(a record before it was removed or changed\\)$`)),
    `record ${rows[3]?.id}: its content does not match its hash (changed)`,
  ]);
});

(pg ? test : test.skip)('with DATABASE_MIGRATION_URL the app role may only insert and read the trail', async () => {
  const database = getConfig().database;
  if (database.kind !== 'postgres' || !database.schema) throw new Error('needs a postgres schema');
  const role = `lab_app_${crypto.randomBytes(4).toString('hex')}`;
  await sql.raw(`create role ${role} login`).execute(tdb.db);
  const appUrl = new URL(database.url);
  appUrl.username = role;
  try {
    // Start-up with both URLs: migrates as the owner, grants the app role its rights, opens as the app role.
    const app = await createDb({ database: { kind: 'postgres', url: appUrl.toString(), schema: database.schema }, migrationDatabase: database, seedDemo: false });
    try {
      await recordAudit(app.db, { action: 'sign_in', actorKind: 'patient', ip: '192.0.2.7', detail: 'as the app role' });
      expect((await app.db.selectFrom('audit_events').select('id').where('detail', '=', 'as the app role').execute()).length).toBe(1);
      expect(await refusal(sql`delete from audit_events`.execute(app.db))).toMatch(/permission denied/);
      expect(await refusal(sql`update audit_events set detail = 'x'`.execute(app.db))).toMatch(/permission denied/);
      expect(await refusal(sql`truncate audit_events`.execute(app.db))).toMatch(/permission denied/);
      expect(await refusal(sql`drop trigger audit_events_no_change on audit_events`.execute(app.db))).toMatch(/must be owner/);
      // The rest of the shop works as the app role.
      expect(await refusal(sql`insert into login_attempts (key, at, success) values ('k', 'now', 0)`.execute(app.db))).toBe('done');
      expect(await refusal(sql`delete from login_attempts where key = 'k'`.execute(app.db))).toBe('done');
    } finally {
      await app.destroy();
    }
  } finally {
    await sql.raw(`drop owned by ${role}`).execute(tdb.db);
    await sql.raw(`drop role ${role}`).execute(tdb.db);
  }
});
