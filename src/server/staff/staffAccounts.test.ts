import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { getConfig } from '@/server/config';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createLab, createOrder, createScenario, createSlot } from '@/server/testing/orderFixtures';
import { addStaff, NEEDS_PROMOTE, removeStaff } from './staff';

/**
 * Staff accounts from the command line (`npm run staff:add`, `npm run staff:remove`): no password
 * on the command line, a single-use set-password link or a password on standard input, promotion of
 * an existing account only on request and with every token revoked, offboarding. On SQLite and
 * (with DATABASE_URL=postgres://...) PostgreSQL.
 */
let tdb: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const run = promisify(execFile);
const ROOT = process.cwd();

/** The app's database as a DATABASE_URL, for the command-line scripts. */
function databaseUrl(): string {
  const d = getConfig().database;
  if (d.kind === 'sqlite') return `file:${d.file}`;
  const url = new URL(d.url);
  if (d.schema) url.searchParams.set('schema', d.schema);
  return url.toString();
}

async function cli(script: string, args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), `scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl(), SEED_DEMO: 'false', APP_URL: 'https://shop.example.test' },
  });
  child.child.stdin?.end(stdin ?? '');
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const login = (username: string, password: string) => api.call('POST', '/api/backend/login', { body: { username, password } });

describe('npm run staff:add', () => {
  test('--name sets the name patients see; staff:name renames without touching the password; a bad name exits 1 naming why', async () => {
    const labId = await createLab(tdb.db);
    const r = await cli('staff-add.ts', ['anna.nowak@example.test', labId, '--name', 'Anna Nowak', '--password-stdin'], 'anna-nowak-pass-long-1\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('shown to patients as "Anna Nowak"');
    const name = () => tdb.db.selectFrom('users').select('display_name').where('email', '=', 'anna.nowak@example.test').executeTakeFirstOrThrow();
    expect(await name()).toEqual({ display_name: 'Anna Nowak' });
    const renamed = await cli('staff-name.ts', ['anna.nowak@example.test', '--name', 'Anna Nowak-Kowalska']);
    expect(renamed.code).toBe(0);
    expect(await name()).toEqual({ display_name: 'Anna Nowak-Kowalska' });
    expect((await login('anna.nowak@example.test', 'anna-nowak-pass-long-1')).status).toBe(200);
    const bad = await cli('staff-name.ts', ['anna.nowak@example.test', '--name', '<b>']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('The display name is 2 to 80 letters');
    expect((await cli('staff-name.ts', ['anna.nowak@example.test'])).code).toBe(2);
  });

  test('without a password: prints a single-use set-password link on the shop; the link sets the password once', async () => {
    const labId = await createLab(tdb.db);
    const r = await cli('staff-add.ts', ['New.Nurse@Example.test', labId, '--role', 'nurse']);
    expect(r.code).toBe(0);
    const link = /https:\/\/shop\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(r.stdout);
    expect(link).not.toBeNull();
    const row = await tdb.db.selectFrom('users').selectAll().where('email', '=', 'new.nurse@example.test').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'staff', staff_role: 'nurse', staff_laboratory_id: labId, email_confirmed: 1 });

    const token = link?.[1] as string;
    const set = await api.call('PUT', '/api/backend/users/password', { body: { token, newPassword: 'nurse-pass-long-1' } });
    expect(set.status).toBe(200);
    expect((await login('new.nurse@example.test', 'nurse-pass-long-1')).status).toBe(200);
    // Single use.
    const again = await api.call('PUT', '/api/backend/users/password', { body: { token, newPassword: 'another-pass-long-2' } });
    expect(again.status).toBe(400);
    expect(again.body.fields).toHaveProperty('token');
  });

  test('--password-stdin reads the password from standard input; a password argument is refused', async () => {
    const labId = await createLab(tdb.db);
    const r = await cli('staff-add.ts', ['stdin.staff@example.test', labId, '--password-stdin'], 'stdin-pass-long-1\n');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('reset-password');
    const res = await login('stdin.staff@example.test', 'stdin-pass-long-1');
    expect(res.status).toBe(200);
    expect((await api.call('GET', '/api/backend/staff/orders?date=2026-01-01', { token: res.body.access_token })).status).toBe(200);

    const withPassword = await cli('staff-add.ts', ['argv.staff@example.test', labId, 'secret-on-argv']);
    expect(withPassword.code).not.toBe(0);
    expect(withPassword.stderr).toMatch(/never given on the command line/);
    expect(await tdb.db.selectFrom('users').select('id').where('email', '=', 'argv.staff@example.test').executeTakeFirst()).toBeUndefined();
  });

  test('an unknown laboratory, a bad role or a short password is refused with a message', async () => {
    const labId = await createLab(tdb.db);
    const unknown = await cli('staff-add.ts', ['x@example.test', 'no-such-lab'], '');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Laboratory no-such-lab not found');
    expect((await cli('staff-add.ts', ['x@example.test', labId, '--role', 'admin'])).code).not.toBe(0);
    await expect(addStaff(tdb.db, 'x@example.test', labId, { password: 'short' })).rejects.toMatchObject({ status: 400, fields: { password: expect.any(String) } });
    await expect(addStaff(tdb.db, 'not-an-email', labId)).rejects.toMatchObject({ status: 400, fields: { email: expect.any(String) } });
  });

  test('promoting an existing customer needs --promote, replaces the password and revokes every token issued before', async () => {
    const s = await createScenario(tdb.db);
    const slot = await createSlot(tdb.db, s.labId, 72);
    const order = await createOrder(tdb.db, { userId: s.owner.id, laboratoryId: s.labId, slotId: slot.id, lines: [{ patientId: s.patientId, analysisId: s.glucose }] });
    // Someone registered the future colleague's address in advance and signed in.
    const reg = await api.call('POST', '/api/backend/register', {
      body: { email: 'future.colleague@example.test', password: 'squatter-pass-1', firstName: 'Eve', lastName: 'Squat', phone: '', dateOfBirth: '' },
    });
    expect(reg.status).toBe(201);
    const squatter = (await login('future.colleague@example.test', 'squatter-pass-1')).body.access_token as string;
    expect((await api.call('GET', '/api/backend/users/current', { token: squatter })).status).toBe(200);

    const refused = await cli('staff-add.ts', ['future.colleague@example.test', s.labId]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(NEEDS_PROMOTE);
    expect((await tdb.db.selectFrom('users').select('role').where('email', '=', 'future.colleague@example.test').executeTakeFirstOrThrow()).role).toBe('patient');

    const promoted = await cli('staff-add.ts', ['future.colleague@example.test', s.labId, '--promote']);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(/Promoted staff user/);
    expect(promoted.stdout).toMatch(/reset-password\?token=/);

    // The token from before the promotion is dead: it cannot read the laboratory's orders, nor anything else.
    expect((await api.call('GET', `/api/backend/staff/orders/${order.id}`, { token: squatter })).status).toBe(401);
    expect((await api.call('GET', `/api/backend/staff/orders?date=${slot.start.slice(0, 10)}`, { token: squatter })).status).toBe(401);
    expect((await api.call('GET', '/api/backend/users/current', { token: squatter })).status).toBe(401);
    // And the password chosen by whoever registered the address no longer signs in.
    expect((await login('future.colleague@example.test', 'squatter-pass-1')).status).toBe(401);
  });

  test('re-running for an existing staff member (new role or laboratory) revokes their sessions too', async () => {
    const labId = await createLab(tdb.db);
    await addStaff(tdb.db, 'mover@example.test', labId, { password: 'mover-pass-long-1' });
    const token = (await login('mover@example.test', 'mover-pass-long-1')).body.access_token as string;
    const other = await createLab(tdb.db);
    const r = await addStaff(tdb.db, 'mover@example.test', other, { role: 'nurse', password: 'mover-pass-long-2' });
    expect(r).toMatchObject({ created: false, promoted: false, laboratoryId: other, role: 'nurse', revokedTokens: 1 });
    expect((await api.call('GET', '/api/backend/users/current', { token })).status).toBe(401);
  });
});

describe('npm run staff:remove', () => {
  test('offboards: no longer staff, every token revoked, upcoming visits unassigned', async () => {
    const s = await createScenario(tdb.db);
    await addStaff(tdb.db, 'leaver@example.test', s.labId, { password: 'leaver-pass-long-1', role: 'nurse' });
    const token = (await login('leaver@example.test', 'leaver-pass-long-1')).body.access_token as string;
    const leaver = await tdb.db.selectFrom('users').select('id').where('email', '=', 'leaver@example.test').executeTakeFirstOrThrow();
    const slot = await createSlot(tdb.db, s.labId, 72);
    const order = await createOrder(tdb.db, { userId: s.owner.id, laboratoryId: s.labId, slotId: slot.id, lines: [{ patientId: s.patientId, analysisId: s.glucose }] });
    await tdb.db.updateTable('orders').set({ nurse_user_id: leaver.id }).where('id', '=', order.id).execute();

    const r = await cli('staff-remove.ts', ['Leaver@Example.test']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no longer staff/);
    expect((await api.call('GET', '/api/backend/users/current', { token })).status).toBe(401);
    const row = await tdb.db.selectFrom('users').selectAll().where('id', '=', leaver.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'patient', staff_role: null, staff_laboratory_id: null });
    expect((await tdb.db.selectFrom('orders').select('nurse_user_id').where('id', '=', order.id).executeTakeFirstOrThrow()).nurse_user_id).toBeNull();
    // Signing in again gives a customer account without console access.
    const again = (await login('leaver@example.test', 'leaver-pass-long-1')).body.access_token as string;
    expect((await api.call('GET', '/api/backend/staff/orders?date=2026-01-01', { token: again })).status).toBe(403);

    const notStaff = await cli('staff-remove.ts', ['leaver@example.test']);
    expect(notStaff.code).not.toBe(0);
    expect(notStaff.stderr).toContain('No staff account with this e-mail');
    await expect(removeStaff(tdb.db, 'nobody@example.test')).rejects.toMatchObject({ status: 404 });
  });
});
