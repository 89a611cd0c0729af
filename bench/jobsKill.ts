/**
 * The queue under a crash, on PostgreSQL (docs/backend.md, "Jobs and the mail outbox"): 500 visit
 * reminders due at once, three worker processes (`npm run jobs`) on one database, one of them killed
 * with SIGKILL in the middle of the run. Counts what a real SMTP server received: every reminder must
 * arrive, each with its own Message-ID; a repeat is possible only at the documented boundary (the
 * server accepted the mail and the worker died before recording it).
 *
 *   npx tsx bench/jobsKill.ts [--orders 500] [--db postgres://postgres@127.0.0.1:5432/test]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '500' }, db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' } } });
const ORDERS = Number(values.orders);
const schema = `killrun_${crypto.randomBytes(4).toString('hex')}`;
const url = `${values.db}?schema=${schema}`;
process.env.DATABASE_URL = url;
process.env.SEED_DEMO = 'false';
Object.assign(process.env, { NODE_ENV: 'development' });
process.env.JOBS_INTERVAL_SECONDS = '0';

async function main(): Promise<void> {
  const { startSmtpSink } = await import('../src/server/testing/smtpSink');
  const { parseMail } = await import('../src/server/testing/outbox');
  const { createDb } = await import('../src/server/db/createDb');
  const { getConfig } = await import('../src/server/config');
  const f = await import('../src/server/testing/orderFixtures');
  const { scheduleVisitReminder } = await import('@/server/orders/visitReminderSchedule');
  const { makeJobsDue } = await import('../src/server/testing/jobs');
  const { stopBosses, bossSchemaFor } = await import('../src/server/jobs/pgBossQueue');

  const smtp = await startSmtpSink({ delayMs: 25 });
  const handle = await createDb(getConfig());
  const db = handle.db;
  const workers: ChildProcess[] = [];
  try {
    console.log(`schema ${schema}: creating ${ORDERS} orders with reminders`);
    const labId = await f.createLab(db);
    const analysisId = await f.createAnalysis(db, { name: 'Glucose' });
    for (let i = 0; i < ORDERS; i++) {
      const user = await f.createUser(db, { firstName: `Kill${i}` });
      const patientId = await f.createPatient(db, user.id);
      const slot = await f.createSlot(db, labId, 30 + (i % 20), { capacity: 1 });
      const order = await f.createOrder(db, { userId: user.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId }] });
      await scheduleVisitReminder(db, order.id, slot.start, new Date(), labId);
    }
    const due = await makeJobsDue(db, 'visit-reminder');
    console.log(`${due} reminders due; starting 3 workers`);
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      const child = spawn(process.execPath, [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/jobs.ts'], {
        env: { ...process.env, SMTP_URL: smtp.url, JOBS_CONCURRENCY: '2', LOG_LEVEL: 'error' },
        stdio: 'inherit',
        detached: true,
      });
      workers.push(child);
    }
    const distinct = () => new Set(smtp.messages.map((m) => parseMail(m.data).messageId)).size;
    while (smtp.messages.length < ORDERS / 5) await new Promise((r) => setTimeout(r, 100));
    const victim = workers[0] as ChildProcess;
    process.kill(-(victim.pid as number), 'SIGKILL');
    console.log(`killed worker 1 (SIGKILL) after ${smtp.messages.length} mails, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const deadline = Date.now() + 6 * 60_000;
    while (distinct() < ORDERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const took = (Date.now() - started) / 1000;
    const ids = smtp.messages.map((m) => parseMail(m.data).messageId);
    const remindersIds = ids.filter((id) => id.startsWith('<visit-reminder-'));
    const sent = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'sent').executeTakeFirstOrThrow();
    console.log(`received ${ids.length} mails, ${new Set(remindersIds).size} distinct reminder Message-IDs of ${ORDERS}, ${ids.length - new Set(ids).size} repeats; outbox sent ${Number(sent.n)}; ${took.toFixed(1)} s`);
    if (new Set(remindersIds).size !== ORDERS) process.exitCode = 1;
  } finally {
    for (const w of workers.slice(1)) {
      try {
        process.kill(-(w.pid as number), 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    await new Promise((r) => setTimeout(r, 3000));
    await stopBosses();
    await sql.raw(`drop schema if exists ${bossSchemaFor(schema)} cascade`).execute(db);
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
    await handle.destroy();
    await smtp.close();
  }
}

main().then(
  () => process.exit(),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
