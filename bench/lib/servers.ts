/** Building and starting production Next.js servers (the shop and the floor app) for the bench. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string): void {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  fs.writeFileSync(log, `${r.stdout ?? ''}\n${r.stderr ?? ''}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (exit ${r.status}); see ${log}`);
}

/** `next build` of the shop into `distDir` (a directory of its own, so it never touches `.next`). */
export function buildShop(distDir: string, logDir: string): void {
  console.log(`Building the shop into ${distDir} ...`);
  run(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], ROOT, { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' }, path.join(logDir, 'shop-build.log'));
}

/** Where the floor app's sources are: PERF_FLOOR_DIR, else `shared/perf-floor` beside the checkout. */
export function floorSource(): string {
  const candidates = [process.env.PERF_FLOOR_DIR, path.resolve(ROOT, '..', 'shared', 'perf-floor'), path.resolve(ROOT, '..', '..', 'shared', 'perf-floor')];
  const found = candidates.find((c): c is string => !!c && fs.existsSync(path.join(c, 'package.json')));
  if (!found) throw new Error('The floor app was not found: set PERF_FLOOR_DIR to the perf-floor folder');
  return found;
}

/**
 * The floor app as shipped does not show its cards: its page dispatches the 50 analyses in
 * getServerSideProps, but its store has no reducer for next-redux-wrapper's HYDRATE action, so the
 * page renders (on the server and in the browser) from the empty client store: an app bar and an
 * empty container, while `__NEXT_DATA__` carries the 50 items. The "cards" variant adds the one
 * missing reducer case, so the floor renders what its README describes (an app bar and 50 analysis
 * cards). Both are measured; see docs/benchmarks.md.
 */
export type FloorVariant = 'as-shipped' | 'cards';

const HYDRATE_PATCH: [string, string][] = [
  ["import { createWrapper } from 'next-redux-wrapper';", "import { createWrapper, HYDRATE } from 'next-redux-wrapper';"],
  [
    'reducers: { set: (s, a) => { s.items = a.payload; } } });',
    'reducers: { set: (s, a) => { s.items = a.payload; } }, extraReducers: (b) => b.addCase(HYDRATE, (s, a) => ({ ...s, ...a.payload.catalogue })) });',
  ],
];

function patchFloorToRenderCards(dir: string): void {
  const file = path.join(dir, 'store.js');
  let text = fs.readFileSync(file, 'utf8');
  for (const [from, to] of HYDRATE_PATCH) {
    if (!text.includes(from)) throw new Error(`The floor's store.js changed: "${from}" not found, the cards variant cannot be made`);
    text = text.replace(from, to);
  }
  fs.writeFileSync(file, text);
}

/**
 * Copies the floor app into a temporary folder (keyed by its sources and the variant, so a second
 * bench run reuses the copy and its build) and builds it there; the shared folder stays untouched.
 */
export function prepareFloor(logDir: string, variant: FloorVariant = 'as-shipped'): string {
  const src = floorSource();
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(src, { recursive: true }) as string[]) {
    if (f.startsWith('node_modules') || f.startsWith('.next')) continue;
    const full = path.join(src, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  const suffix = variant === 'cards' ? '-cards' : '';
  const dir = path.join(os.tmpdir(), `lab-shop-floor-${hash.digest('hex').slice(0, 12)}${suffix}`);
  if (fs.existsSync(path.join(dir, '.next', 'BUILD_ID'))) return dir;
  console.log(`Copying the floor app${variant === 'cards' ? ' (cards rendered)' : ''} to ${dir} and building it ...`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(src, dir, { recursive: true, filter: (f) => !/[/\\](node_modules|\.next)([/\\]|$)/.test(f) });
  if (variant === 'cards') patchFloorToRenderCards(dir);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['install', '--no-audit', '--no-fund'], dir, process.env, path.join(logDir, `floor${suffix}-install.log`));
  run(process.execPath, [path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], dir, { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, path.join(logDir, `floor${suffix}-build.log`));
  return dir;
}

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
}

/**
 * `next start` in `cwd` on a free port; resolves when `probe` answers 200. `nodeArgs` go to node
 * before Next's own script (e.g. `--cpu-prof`); `stop` ends it with SIGTERM, so node writes what they asked for.
 */
export async function startNext(cwd: string, env: Record<string, string>, probe: string, logFile: string, opts: { nodeArgs?: string[] } = {}): Promise<Server> {
  const port = await freePort();
  const log = fs.createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.join(cwd, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`next start exited in ${cwd}:\n${tail(logFile)}`);
    try {
      const res = await fetch(url + probe);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`next start in ${cwd} did not answer ${probe}:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid as number,
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 5000))]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** Resident set size of a process, in bytes (Linux /proc; 0 elsewhere). */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
