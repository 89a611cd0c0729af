/**
 * Where the server's time goes under load: `npm run bench:profile -- [--page /search/analysis/46]
 * [--seconds 15] [--connections 20] [--render-cache on|off] [--dist .next-bench]`.
 *
 * Starts `next start` of an existing production build (the bench's `.next-bench` by default) on a
 * fresh demo database with `node --cpu-prof`, warms the page, loads it with autocannon (a returning
 * visitor: the laboratory cookie set), stops the server so V8 writes its profile, and prints the
 * top frames of the load window only (start-up and seeding left out), by self time and inclusive,
 * in % of the process's busy samples (idle left out).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LAB_COOKIE } from '@/shared/storage';
import { load, warm } from './lib/load';
import { ROOT, startNext } from './lib/servers';
import { quietCpuBefore } from './lib/lighthouse';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** A frame's name with where it lives: a package's name, or the path inside the build or the repository. */
function frameName(f: CallFrame): string {
  const name = f.functionName || '(anonymous)';
  if (!f.url) return name;
  const url = f.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  const where = pkg ? `${pkg[1]} ${pkg[2]!.split('/').slice(-1)[0]}` : url.startsWith('node:') ? url : path.relative(ROOT, url);
  return `${name} (${where}:${f.lineNumber + 1})`;
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Self and inclusive shares of the samples taken in the last `windowMs` of the profile. */
export function topFrames(profile: CpuProfile, windowMs: number, count = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = profile.startTime;
  const times = profile.timeDeltas.map((d) => (t += d));
  const from = profile.endTime - windowMs * 1000;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let gc = 0;
  profile.samples.forEach((id, i) => {
    if ((times[i] ?? 0) < from) return;
    const node = byId.get(id);
    if (!node) return;
    const fn = node.callFrame.functionName;
    if (fn === '(idle)') {
      idle++;
      return;
    }
    busy++;
    if (fn === '(garbage collector)') gc++;
    const key = SPECIAL.has(fn) ? fn : frameName(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + 1);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n || SPECIAL.has(n.callFrame.functionName)) continue;
      const k = frameName(n.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
    }
  });
  const pct = (n: number) => Math.round((n / Math.max(1, busy)) * 1000) / 10;
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([frame, n]) => ({ frame, pct: pct(n) }));
  return { busy, idle, gcPct: pct(gc), busyPct: Math.round((busy / Math.max(1, busy + idle)) * 1000) / 10, self: top(self), inclusive: top(inclusive) };
}

async function main(): Promise<void> {
  const page = arg('--page', '/search/analysis/46');
  const seconds = Number(arg('--seconds', '15'));
  const connections = Number(arg('--connections', '20'));
  const dist = arg('--dist', process.env.BENCH_DIST_DIR || '.next-bench');
  const cache = arg('--render-cache', 'on');
  if (!fs.existsSync(path.join(ROOT, dist, 'BUILD_ID'))) throw new Error(`No production build in ${dist}: run \`npm run bench -- --web-only\` or \`NEXT_DIST_DIR=${dist} npx next build\` first`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-cpu-prof-'));
  const profDir = path.join(tmp, 'profiles');
  const server = await startNext(
    ROOT,
    {
      NEXT_DIST_DIR: dist,
      DATABASE_URL: `file:${path.join(tmp, 'demo.sqlite')}`,
      SEED_DEMO: 'true',
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      MAIL_OUTBOX: 'true',
      RATE_LIMITS: 'off',
      RENDER_CACHE: cache,
    },
    '/api/health',
    path.join(tmp, 'shop.log'),
    { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir] },
  );
  const url = server.url;
  try {
    const headers = { cookie: `${LAB_COOKIE}=warsaw-mokotow` };
    await warm(url + page, headers);
    await load(url + page, { connections, seconds: 3, headers });
    await quietCpuBefore(`the load of ${page}`);
    const r = await load(url + page, { connections, seconds, headers });
    console.log(`${page} @${connections} with the render cache ${cache}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.errors} errors, ${r.non2xx} non-2xx)`);
  } finally {
    await server.stop();
  }
  const files = fs.existsSync(profDir) ? fs.readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')) : [];
  if (!files.length) throw new Error('No profile was written');
  // `next start` may run the server in a child process: the largest profile is the server's.
  const largest = files.map((f) => path.join(profDir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const profile = JSON.parse(fs.readFileSync(largest, 'utf8')) as CpuProfile;
  const kept = arg('--keep', '');
  if (kept) fs.copyFileSync(largest, kept);
  // The load window: the measured seconds before the server was stopped (its shutdown is a few ms).
  const top = topFrames(profile, seconds * 1000);
  console.log(`\nLoad window: ${top.busy} busy samples (${top.busyPct}% of the window busy), garbage collector ${top.gcPct}% of busy\n`);
  console.log('Self time (% of busy samples):');
  for (const f of top.self) console.log(`  ${f.pct.toFixed(1).padStart(5)}  ${f.frame}`);
  console.log('\nInclusive time (% of busy samples):');
  for (const f of top.inclusive) console.log(`  ${f.pct.toFixed(1).padStart(5)}  ${f.frame}`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

// Run as a program, not when another script imports `topFrames`.
if (/cpuProfile\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
