/**
 * Checkout with the SMTP server up and with it stalled (accepts the connection, never greets):
 * checkouts per second and the p99 of `POST /api/order/create`, side by side in one run, rounds
 * alternating. The app's worker runs in the same process and tries to deliver every confirmation
 * while the checkouts go on, as in production.
 *
 *   npx tsx bench/checkoutSmtp.ts [--checkouts 200] [--concurrency 10] [--rounds 2]
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { checkouts: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '10' }, rounds: { type: 'string', default: '2' } } });
const N = Number(values.checkouts);
const C = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
Object.assign(process.env, { NODE_ENV: 'test' });
process.env.LOG_LEVEL = 'silent';

async function main(): Promise<void> {
  const { createTestDb } = await import('../src/server/testing/testDb');
  const { startApiServer } = await import('../src/server/testing/apiServer');
  const { startSmtpSink } = await import('../src/server/testing/smtpSink');
  const fx = await import('../src/server/testing/shopFixtures');
  const { getConfig, setConfigForTests } = await import('../src/server/config');
  const { startWorker } = await import('../src/server/jobList');
  const { stopWorker } = await import('../src/server/jobs/worker');

  const db = await createTestDb({ seed: false });
  const shop = await fx.seedShopFixture(db.db);
  const api = await startApiServer();
  const smtp = await startSmtpSink();
  setConfigForTests({ ...getConfig(), smtpUrl: smtp.url, smtpConnectionTimeoutMs: 5000 });
  await startWorker(db.db);
  const slot = await fx.createFixtureSlot(db.db, 'fx-waw', 100_000, 3);
  const address = { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', floor: '', apartment: '', intercomCode: '', notes: '' };

  async function prepare(n: number) {
    const users = [];
    for (let i = 0; i < n; i++) {
      const user = await fx.createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
      const patient = await fx.createFixturePatient(db.db, user.id, { firstName: 'Anna' });
      await api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.analyses.cbc, patientIds: [patient] }, settle: false });
      users.push(user);
    }
    return users;
  }

  async function run(mode: 'up' | 'stall') {
    const users = await prepare(N);
    smtp.mode(mode);
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: C }, async () => {
        while (next < users.length) {
          const user = users[next++]!;
          const t0 = performance.now();
          const res = await api.call('POST', '/api/order/create', {
            token: user.token,
            settle: false,
            body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' } },
          });
          if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
          times.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    smtp.mode('up');
    return { mode, perSecond: users.length / seconds, p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]! };
  }

  const results: Awaited<ReturnType<typeof run>>[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of r % 2 ? (['stall', 'up'] as const) : (['up', 'stall'] as const)) {
      const res = await run(mode);
      results.push(res);
      console.log(`round ${r + 1} SMTP ${mode.padEnd(5)}: ${res.perSecond.toFixed(1)} checkouts/s, p50 ${res.p50.toFixed(1)} ms, p99 ${res.p99.toFixed(1)} ms`);
    }
  }
  const avg = (mode: string, k: 'perSecond' | 'p99') => results.filter((x) => x.mode === mode).reduce((n, x) => n + x[k], 0) / ROUNDS;
  console.log(`stalled / up: checkouts/s ${(avg('stall', 'perSecond') / avg('up', 'perSecond')).toFixed(2)}, p99 ${(avg('stall', 'p99') / avg('up', 'p99')).toFixed(2)}`);
  const outbox = async () => (await db.db.selectFrom('mail_outbox').select(['status']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy('status').execute()).map((m) => ({ status: m.status, n: Number(m.n) }));
  console.log(`outbox after the checkouts: ${(await outbox()).map((m) => `${m.status} ${m.n}`).join(', ')}`);
  // SMTP is up from here: every confirmation owed must leave within MAIL_RETRY_MAX_MINUTES plus the sending itself.
  const back = Date.now();
  for (;;) {
    const waiting = (await outbox()).filter((m) => m.status === 'queued' || m.status === 'sending').reduce((n, m) => n + m.n, 0);
    if (!waiting || Date.now() - back > 6 * 60_000) {
      console.log(`after SMTP was back for good: ${waiting} mails still waiting after ${((Date.now() - back) / 1000).toFixed(1)} s; ${smtp.messages.length} received; outbox ${(await outbox()).map((m) => `${m.status} ${m.n}`).join(', ')}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  await stopWorker();
  await api.close();
  await smtp.close();
  await db.cleanup();
}

main().then(
  () => process.exit(),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
