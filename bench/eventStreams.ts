/**
 * Open order event streams on one instance (`GET /api/backend/orders/{id}/events`, Server-Sent
 * Events): the built shop on a temporary SQLite database with the demo catalogue, one patient account
 * per stream with an order and a booked home visit. Measures the server's RSS and CPU and the
 * catalogue pages' req/s and p99, first with no stream open, then with `--streams` streams held open
 * (bearer token, one keep-alive connection each), and checks at the end that every stream is still
 * open and has received its first `order` event and a keep-alive comment.
 *
 *   npx tsx bench/eventStreams.ts [--streams 500] [--seconds 10] [--no-build]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDb } from '../src/server/db/createDb';
import { seedDemo } from '../src/server/db/seed';
import { LAB_COOKIE } from '@/shared/storage';
import { createOrder, createPatient, createSlot, createUser } from '../src/server/testing/orderFixtures';
import { quietCpuBefore } from './lib/lighthouse';
import { load, warm, type LoadResult } from './lib/load';
import { ROOT, buildShop, rssOf, startNext } from './lib/servers';

const LAB = 'warsaw-mokotow';
const PAGES = ['/categories/hormones', '/search?q=tsh'];
const HEADERS = { cookie: `${LAB_COOKIE}=${LAB}` };
const MB = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

export interface StreamsOptions {
  streams: number;
  seconds: number;
  build: boolean;
}

/** CPU time (user + system) of a process in seconds (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A temporary SQLite database with the demo catalogue and `n` accounts, each with an order and a home visit. */
async function prepareDatabase(file: string, n: number): Promise<{ orderId: number; token: string }[]> {
  const handle = await openDb({ kind: 'sqlite', file });
  try {
    await migrate(handle.db);
    await seedDemo(handle.db);
    const analysis = await handle.db.selectFrom('analyses').select('id').orderBy('id').executeTakeFirstOrThrow();
    const slot = await createSlot(handle.db, LAB, 30, { capacity: n + 1 });
    const out: { orderId: number; token: string }[] = [];
    for (let i = 0; i < n; i++) {
      const user = await createUser(handle.db, { firstName: `Stream${i}` });
      const patientId = await createPatient(handle.db, user.id);
      const order = await createOrder(handle.db, { userId: user.id, laboratoryId: LAB, slotId: slot.id, lines: [{ patientId, analysisId: analysis.id }] });
      out.push({ orderId: order.id, token: user.token });
    }
    return out;
  } finally {
    await handle.destroy();
  }
}

interface OpenStream {
  events: number;
  beats: number;
  ended: boolean;
  close(): void;
}

/** Opens one event stream and counts what arrives; resolves once the response headers are in. */
function openStream(base: string, agent: http.Agent, orderId: number, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/backend/orders/${orderId}/events`, { agent, headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`events of order ${orderId}: ${res.statusCode}`));
        res.resume();
        return;
      }
      const s: OpenStream = { events: 0, beats: 0, ended: false, close: () => req.destroy() };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        s.events += chunk.split('event: order').length - 1;
        s.beats += chunk.split(': keep-alive').length - 1;
      });
      res.on('close', () => (s.ended = true));
      resolve(s);
    });
    req.on('error', reject);
  });
}

interface Phase {
  rss: number;
  cpuIdle: number;
  pages: LoadResult[];
}

async function phase(base: string, pid: number, seconds: number): Promise<Phase> {
  // The server's own CPU over 10 s with no request but the streams' own work.
  const c0 = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, 10_000));
  const cpuIdle = (cpuSeconds(pid) - c0) / 10;
  const rss = rssOf(pid);
  const pages: LoadResult[] = [];
  for (const p of PAGES) {
    await quietCpuBefore(`the load of ${p}`);
    await warm(base + p, HEADERS);
    const r = await load(base + p, { connections: 20, seconds, headers: HEADERS });
    console.log(`  ${p}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : ''}`);
    pages.push(r);
  }
  return { rss, cpuIdle, pages };
}

export const STREAMS_HEADING = '## Open order event streams';

export async function streamsBench(opts: StreamsOptions): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-bench-streams-'));
  const distDir = process.env.BENCH_DIST_DIR || '.next-bench';
  if (opts.build || !fs.existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) buildShop(distDir, tmp);
  const file = path.join(tmp, 'streams.sqlite');
  console.log(`Preparing ${opts.streams} accounts with an order and a visit ...`);
  const orders = await prepareDatabase(file, opts.streams);
  const env = { NEXT_DIST_DIR: distDir, DATABASE_URL: `file:${file}`, SEED_DEMO: 'false', OUTBOX_DIR: path.join(tmp, 'outbox'), MAIL_OUTBOX: 'true', RATE_LIMITS: 'off' };
  const server = await startNext(ROOT, env, '/api/health', path.join(tmp, 'shop.log'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: OpenStream[] = [];
  try {
    // Every page and route once, so both phases start from a warm server.
    for (const p of PAGES) await warm(server.url + p, HEADERS);
    console.log('Without streams:');
    const without = await phase(server.url, server.pid, opts.seconds);
    console.log(`  RSS ${MB(without.rss)} MB, server CPU idle ${(without.cpuIdle * 100).toFixed(1)}%`);
    const t0 = Date.now();
    for (let i = 0; i < orders.length; i += 50) {
      streams.push(...(await Promise.all(orders.slice(i, i + 50).map((o) => openStream(server.url, agent, o.orderId, o.token)))));
    }
    console.log(`Opened ${streams.length} streams in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 3000));
    console.log(`With ${streams.length} open streams:`);
    const withStreams = await phase(server.url, server.pid, opts.seconds);
    console.log(`  RSS ${MB(withStreams.rss)} MB, server CPU idle ${(withStreams.cpuIdle * 100).toFixed(1)}%`);
    // Keep-alive comments come every 15 s: wait until the streams have been open that long.
    const heldFor = Date.now() - t0;
    if (heldFor < 17_000) await new Promise((r) => setTimeout(r, 17_000 - heldFor));
    const open = streams.filter((s) => !s.ended).length;
    const withEvent = streams.filter((s) => s.events >= 1).length;
    const withBeat = streams.filter((s) => s.beats >= 1).length;
    const held = ((Date.now() - t0) / 1000).toFixed(0);
    console.log(`After ${held} s: ${open} of ${streams.length} streams open, ${withEvent} received the order event, ${withBeat} a keep-alive`);
    const perStream = (withStreams.rss - without.rss) / Math.max(1, streams.length);
    const rows = PAGES.map((p, i) => {
      const a = without.pages[i] as LoadResult;
      const b = withStreams.pages[i] as LoadResult;
      return `| \`${p}\` req/s (20 connections, ${opts.seconds} s) | ${Math.round(a.rps)} | ${Math.round(b.rps)} |\n| \`${p}\` p99 (ms) | ${a.p99} | ${b.p99} |`;
    });
    return [
      `| | no stream | ${streams.length} open streams |`,
      '|---|---:|---:|',
      `| server RSS (MB) | ${MB(without.rss)} | ${MB(withStreams.rss)} |`,
      `| server CPU with no request (10 s, % of one core) | ${(without.cpuIdle * 100).toFixed(1)} | ${(withStreams.cpuIdle * 100).toFixed(1)} |`,
      ...rows,
      '',
      `RSS per open stream: ${(perStream / 1024).toFixed(1)} kB. After ${held} s, ${open} of ${streams.length} streams were still open, ${withEvent} had received the order's first \`order\` event and ${withBeat} at least one keep-alive comment.`,
    ].join('\n');
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const { values } = parseArgs({ options: { streams: { type: 'string', default: '500' }, seconds: { type: 'string', default: '10' }, 'no-build': { type: 'boolean', default: false } } });
  streamsBench({ streams: Number(values.streams), seconds: Number(values.seconds), build: !values['no-build'] }).then(
    (table) => console.log(`\n${table}`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
