/**
 * Three instances, one database, a real proxy (`npm run bench -- --cluster`, or `npx tsx bench/cluster.ts`):
 * nginx from Debian's packages (installed with apt-get when missing; config bench/cluster/nginx.conf)
 * in front of three production app processes (`next start`) on one PostgreSQL database, in a fresh
 * schema (DATABASE_URL ?schema=...). Then:
 *
 * 1. the catalogue search API under autocannon through the proxy with no stream open;
 * 2. `--streams` accounts each hold an order event stream open through the proxy (spread over the
 *    three by least_conn), while a writer moves the orders through the staff API (nurse assignments,
 *    through the proxy) and the catalogue is loaded again;
 * 3. one instance is killed with SIGKILL; its streams end, each client reconnects through the proxy
 *    with Last-Event-ID; the catalogue is loaded during and after the reconnects;
 * 4. (just before the kill `--mails` visit reminders are made due, sent by the instances' workers)
 * 5. the writer stops, every client must have received every stored event of its order after the one
 *    it started from (each id counted once), and the job queue and mail outbox must drain with nothing
 *    failed.
 *
 * Prints a table and writes it into docs/performance.md, section "## Cluster" (only that section).
 *
 *   npx tsx bench/cluster.ts [--streams 1000] [--seconds 15] [--mails 300] [--db postgres://postgres@127.0.0.1:5432/test] [--no-build]
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildShop, freePort, ROOT } from './lib/servers';
import { ensureNginx, startInstance, startNginx, writeSection, type Instance } from './cluster/processes';
import { load, warm, type LoadResult } from './lib/load';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '15' },
    db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'no-build': { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    'no-doc': { type: 'boolean', default: false },
    mails: { type: 'string', default: '300' },
  },
  strict: false,
});
const STREAMS = Number(values.streams);
const MAILS = Number(values.mails);
const SECONDS = Number(values.seconds);
/** The machine's one-minute load average as the bench starts (what else was running). */
const LOAD_BEFORE = os.loadavg()[0] ?? 0;
const INSTANCES = 3;
const LAB = 'warsaw-mokotow';
const SEARCH = `/api/backend/labService/search?searchNameTerm=tsh&laboratoryId=${LAB}`;
const SHOP_DIR = process.env.CLUSTER_SHOP_DIR || ROOT;
const DIST_DIR = process.env.CLUSTER_DIST_DIR || '.next-cluster';
const schema = `cluster_${crypto.randomBytes(4).toString('hex')}`;
const dbUrl = `${values.db as string}?schema=${schema}`;
process.env.DATABASE_URL = dbUrl;
process.env.SEED_DEMO = 'false';
process.env.JOBS_INTERVAL_SECONDS = '0';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One client of the order page: holds a stream through the proxy and comes back with Last-Event-ID when it ends. */
class Client {
  ids = new Set<number>();
  repeats = 0;
  first: number | null = null;
  last: number | null = null;
  reconnects = 0;
  refused = 0;
  open = false;
  private req: http.ClientRequest | null = null;
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly agent: http.Agent,
    readonly orderId: number,
    private readonly token: string,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${this.token}` };
      if (this.last !== null) headers['Last-Event-ID'] = String(this.last);
      const req = http.get(`${this.base}/api/backend/orders/${this.orderId}/events`, { agent: this.agent, headers }, (res) => {
        if (res.statusCode !== 200) {
          this.refused += 1;
          res.resume();
          res.on('end', () => this.again());
          resolve();
          return;
        }
        this.open = true;
        resolve();
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut).split('\n');
            buffer = buffer.slice(cut + 2);
            if (!block.includes('event: order')) continue;
            const id = Number(block.find((l) => l.startsWith('id: '))?.slice(4));
            if (this.first === null) this.first = id;
            else if (this.ids.has(id) || id <= (this.last ?? -1)) this.repeats += 1;
            else this.ids.add(id);
            this.last = Math.max(this.last ?? id, id);
          }
        });
        res.on('close', () => {
          this.open = false;
          this.again();
        });
      });
      req.on('error', () => {
        this.open = false;
        resolve();
        this.again();
      });
      this.req = req;
    });
  }

  private again(): void {
    if (this.stopped) return;
    this.reconnects += 1;
    // EventSource's `retry: 3000` would wait 3 s; spread the comeback over 0.5-2 s.
    setTimeout(() => void this.connect(), 500 + Math.random() * 1500).unref();
  }

  stop(): void {
    this.stopped = true;
    this.req?.destroy();
  }
}

export const CLUSTER_HEADING = '## Cluster';

async function main(): Promise<void> {
  const { createDb } = await import('../src/server/db/createDb');
  const { getConfig } = await import('../src/server/config');
  const { seedDemo } = await import('../src/server/db/seed');
  const f = await import('../src/server/testing/orderFixtures');
  const { countJobs } = await import('../src/server/jobs/queue');
  const { scheduleVisitReminder } = await import('../src/server/orders/visitReminderSchedule');
  const { makeJobsDue } = await import('../src/server/testing/jobs');
  const { stopBosses, bossSchemaFor } = await import('../src/server/jobs/pgBossQueue');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-cluster-'));
  const nginxBin = ensureNginx();
  if (!values['no-build'] || !fs.existsSync(path.join(SHOP_DIR, DIST_DIR, 'BUILD_ID'))) buildShop(DIST_DIR, tmp);
  const handle = await createDb(getConfig());
  const db = handle.db;
  const instances: Instance[] = [];
  let nginx: ChildProcess | null = null;
  const clients: Client[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    console.log(`schema ${schema}: demo catalogue, ${STREAMS} accounts with an order and a visit`);
    await seedDemo(db);
    const analysis = await db.selectFrom('analyses').select('id').orderBy('id').executeTakeFirstOrThrow();
    const slot = await f.createSlot(db, LAB, 30, { capacity: STREAMS + 1 });
    const staff = await f.createUser(db, { role: 'staff', staffLaboratoryId: LAB });
    const nurses = [await f.createUser(db, { role: 'staff', staffLaboratoryId: LAB, staffRole: 'nurse', firstName: 'Nina' }), await f.createUser(db, { role: 'staff', staffLaboratoryId: LAB, staffRole: 'nurse', firstName: 'Ola' })];
    const orders: { orderId: number; token: string }[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const user = await f.createUser(db, { firstName: `Stream${i}` });
      const patientId = await f.createPatient(db, user.id);
      const order = await f.createOrder(db, { userId: user.id, laboratoryId: LAB, slotId: slot.id, lines: [{ patientId, analysisId: analysis.id }], status: 'visit_confirmed' });
      orders.push({ orderId: order.id, token: user.token });
      // Reminder mails, made due just before the kill: the instances' workers send them across it.
      if (i < MAILS) await scheduleVisitReminder(db, order.id, slot.start, new Date(), LAB);
    }

    const ports = [await freePort(), await freePort(), await freePort()];
    console.log(`starting ${INSTANCES} instances on ports ${ports.join(', ')} and nginx`);
    const env = {
      // Each instance: the same DATABASE_URL and secrets, its own port; its job worker runs the queue.
      NEXT_DIST_DIR: DIST_DIR,
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'false',
      JOBS_INTERVAL_SECONDS: '5',
      MAIL_OUTBOX: 'true',
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      RATE_LIMITS: 'off',
      TRUST_PROXY: 'true',
      EVENT_STREAMS_MAX: String(STREAMS),
      LOG_LEVEL: 'warn',
    };
    for (let i = 0; i < INSTANCES; i++) instances.push(await startInstance(SHOP_DIR, ports[i] as number, tmp, i, env));
    const listen = await freePort();
    nginx = startNginx(nginxBin, tmp, listen, ports);
    const base = `http://127.0.0.1:${listen}`;
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).status === 200) break;
      } catch {
        /* starting */
      }
      await sleep(100);
    }
    await warm(base + SEARCH);

    const phases: { name: string; r: LoadResult }[] = [];
    const phase = async (name: string) => {
      const r = await load(base + SEARCH, { connections: 20, seconds: SECONDS });
      console.log(`  ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : ''}`);
      phases.push({ name, r });
      return r;
    };
    console.log('Catalogue search through the proxy:');
    await phase('no stream');

    const t0 = Date.now();
    for (let i = 0; i < orders.length; i += 50) {
      const batch = orders.slice(i, i + 50).map((o) => new Client(base, agent, o.orderId, o.token));
      clients.push(...batch);
      await Promise.all(batch.map((c) => c.connect()));
    }
    for (let i = 0; i < 100 && clients.some((c) => c.first === null); i++) await sleep(100);
    console.log(`opened ${clients.filter((c) => c.open).length} streams in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${clients.filter((c) => c.first !== null).length} received the order's state`);

    // The writers: nurse assignments through the proxy (one at a time, alternating nurses), and changes
    // written straight to the orders (\`updated_at\`, as any other instance or worker would), one every 20 ms.
    let writing = true;
    let touches = 0;
    const toucher = (async () => {
      for (let n = 0; writing; n++) {
        const o = orders[(n * 7) % orders.length] as (typeof orders)[number];
        await db.updateTable('orders').set({ updated_at: new Date().toISOString() }).where('id', '=', o.orderId).execute();
        touches += 1;
        await sleep(20);
      }
    })();
    let writes = 0;
    let writeErrors = 0;
    const writer = (async () => {
      let n = 0;
      const one = async () => {
        const o = orders[n % orders.length] as (typeof orders)[number];
        const nurse = nurses[Math.floor(n / orders.length) % 2] as (typeof nurses)[number];
        n += 1;
        try {
          const res = await fetch(`${base}/api/backend/staff/orders/${o.orderId}/nurse`, { method: 'PUT', headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ nurseUserId: nurse.id }) });
          await res.arrayBuffer();
          if (res.status === 200) writes += 1;
          else writeErrors += 1;
        } catch {
          writeErrors += 1;
        }
        await sleep(40);
      };
      while (writing) await one();
    })();

    const perInstance = () => instances.map((inst) => spawnSync('sh', ['-c', `ss -Htn state established '( sport = :${inst.port} )' | wc -l`], { encoding: 'utf8' }).stdout.trim());
    console.log(`connections per instance (streams and proxy keep-alive): ${perInstance().join(' / ')}`);
    await phase(`${STREAMS} streams open, writer on`);

    const reminders = await makeJobsDue(db, 'visit-reminder');
    console.log(`${reminders} visit reminders due now`);
    await sleep(3000);
    const victim = instances[0] as Instance;
    const onVictim = Number(perInstance()[0]);
    process.kill(-(victim.child.pid as number), 'SIGKILL');
    const killedAt = Date.now();
    console.log(`killed instance 1 (SIGKILL, about ${onVictim} connections)`);
    await phase('during the reconnects after the kill');
    await phase('after (two instances)');
    writing = false;
    await Promise.all([writer, toucher]);
    const reconnectedBy = (Date.now() - killedAt) / 1000;

    // Every client must reach its order's latest event.
    const expected = async () => {
      const rows = await sql<{ order_id: number; id: number }>`select order_id, id from order_live_events order by id`.execute(db);
      const byOrder = new Map<number, number[]>();
      for (const r of rows.rows) byOrder.set(Number(r.order_id), [...(byOrder.get(Number(r.order_id)) ?? []), Number(r.id)]);
      return byOrder;
    };
    let byOrder = await expected();
    const behind = () => clients.filter((c) => (byOrder.get(c.orderId) ?? []).some((id) => id > (c.first ?? 0) && !c.ids.has(id)));
    for (let i = 0; i < 60 && behind().length; i++) {
      await sleep(500);
      byOrder = await expected();
    }
    let stored = 0;
    let due = 0;
    let received = 0;
    let missing = 0;
    for (const c of clients) {
      const ids = byOrder.get(c.orderId) ?? [];
      stored += ids.length;
      const after = ids.filter((id) => id > (c.first ?? 0));
      due += after.length;
      received += after.filter((id) => c.ids.has(id)).length;
      missing += after.filter((id) => !c.ids.has(id)).length;
    }
    const repeats = clients.reduce((n, c) => n + c.repeats, 0);
    const reconnected = clients.filter((c) => c.reconnects > 0).length;
    const openNow = clients.filter((c) => c.open).length;

    // The queue: every job done, none failed; every mail of the outbox sent.
    let jobs: { name: string; state: string; n: number }[] = [];
    for (let i = 0; i < 60; i++) {
      jobs = await countJobs(db);
      if (!jobs.some((j) => j.state === 'pending' || j.state === 'running' || j.state === 'retrying')) break;
      await sleep(5000);
    }
    const mails = await db.selectFrom('mail_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    const jobLine = Object.entries(jobs.reduce<Record<string, number>>((acc, j) => ({ ...acc, [j.state]: (acc[j.state] ?? 0) + Number(j.n) }), {}))
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    const mailLine = mails.map((m) => `${m.status} ${Number(m.n)}`).join(', ') || 'none';

    const machine = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, nginx ${spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '')}`;
    const base0 = phases[0]?.r.p99 ?? 0;
    const rise = (p: number) => (base0 ? `${p >= base0 ? '+' : ''}${Math.round(((p - base0) / base0) * 100)}%` : '');
    const table = [
      `| catalogue search through nginx (20 connections, ${SECONDS} s) | req/s | p50 (ms) | p99 (ms) | p99 vs no stream | errors / non-2xx |`,
      '|---|---:|---:|---:|---:|---:|',
      ...phases.map((p) => `| ${p.name} | ${Math.round(p.r.rps)} | ${p.r.p50} | ${p.r.p99} | ${rise(p.r.p99)} | ${p.r.errors} / ${p.r.non2xx} |`),
      '',
      '| streams and events | count |',
      '|---|---:|',
      `| event streams opened (one account and order each) | ${clients.length} |`,
      `| connections on the killed instance when killed | ${onVictim} |`,
      `| clients that reconnected (through nginx, Last-Event-ID) | ${reconnected} |`,
      `| reconnects in all (incl. refused and retried) | ${clients.reduce((n, c) => n + c.reconnects, 0)} |`,
      `| streams open at the end | ${openNow} |`,
      `| nurse assignments written through nginx (failed) | ${writes} (${writeErrors}) |`,
      `| order changes written straight to the database | ${touches} |`,
      `| visit reminders made due 3 s before the kill (one mail each) | ${reminders} |`,
      `| events stored for the streams' orders | ${stored} |`,
      `| events due to the clients (after the one each started from) | ${due} |`,
      `| events received, each id counted once | ${received} |`,
      `| events missing | ${missing} |`,
      `| events received twice | ${repeats} |`,
      `| jobs by state at the end | ${jobLine || 'none'} |`,
      `| mail outbox by status | ${mailLine} |`,
    ].join('\n');
    const section = `${CLUSTER_HEADING}

${machine}; load average ${LOAD_BEFORE.toFixed(2)} when the bench started (on a shared machine other
work may run beside it). The figures are one run. \`npm run bench -- --cluster\` (bench/cluster.ts):
nginx (bench/cluster/nginx.conf) in front of three \`next start\` processes on one PostgreSQL schema;
the bench process holds the streams and runs autocannon on the same two cores. The kill came
${SECONDS} s into the load with the streams open; all clients had caught up ${reconnectedBy.toFixed(0)} s after it.

${table}
`;
    console.log(`\n${section}`);
    if (!values['no-doc']) writeSection(CLUSTER_HEADING, section);
    const sentMails = Number(mails.find((m) => m.status === 'sent')?.n ?? 0);
    if (missing > 0 || openNow < clients.length || sentMails < reminders || jobs.some((j) => j.state === 'failed')) process.exitCode = 1;
  } finally {
    for (const c of clients) c.stop();
    agent.destroy();
    nginx?.kill('SIGTERM');
    for (const inst of instances) {
      try {
        process.kill(-(inst.child.pid as number), 'SIGTERM');
      } catch {
        /* gone */
      }
    }
    await sleep(3000);
    for (const inst of instances) {
      try {
        process.kill(-(inst.child.pid as number), 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    await stopBosses();
    await sql.raw(`drop schema if exists ${bossSchemaFor(schema)} cascade`).execute(db);
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
    await handle.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
