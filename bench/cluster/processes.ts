/** The processes of the cluster bench (bench/cluster.ts): nginx from Debian's packages and the app instances. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** nginx from Debian's packages: installed when missing. */
export function ensureNginx(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (found) return found;
  console.log('nginx is missing: apt-get update && apt-get install -y nginx');
  const r = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('apt-get install nginx failed');
  return '/usr/sbin/nginx';
}

export interface Instance {
  port: number;
  child: ChildProcess;
  alive: boolean;
}

export async function startInstance(shopDir: string, port: number, tmp: string, i: number, env: Record<string, string>): Promise<Instance> {
  const log = fs.openSync(path.join(tmp, `shop-${i}.log`), 'w');
  const child = spawn(process.execPath, [path.join(shopDir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: shopDir,
    // Each instance: the same DATABASE_URL and secrets; its own port. Its job worker runs the queue.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const inst: Instance = { port, child, alive: true };
  child.on('exit', () => (inst.alive = false));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!inst.alive) throw new Error(`instance ${i} exited; see ${tmp}/shop-${i}.log`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return inst;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`instance ${i} did not start`);
    await sleep(300);
  }
}

export function startNginx(bin: string, tmp: string, listen: number, ports: number[]): ChildProcess {
  const prefix = path.join(tmp, 'nginx');
  fs.mkdirSync(prefix, { recursive: true });
  const conf = fs
    .readFileSync(path.join(__dirname, 'nginx.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replace('{{LISTEN}}', String(listen))
    .replace('{{UPSTREAMS}}', ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'));
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const test = spawnSync(bin, ['-t', '-c', file, '-p', prefix], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  return spawn(bin, ['-c', file, '-p', prefix, '-g', 'daemon off; user root;'], { stdio: ['ignore', 'inherit', 'inherit'] });
}

const DOC = path.join(__dirname, '..', '..', 'docs', 'performance.md');

/** Replaces (or appends) this bench's own section of docs/performance.md; the other sections stay as they are. */
export function writeSection(heading: string, section: string): void {
  const doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Performance\n';
  const i = doc.indexOf(`${heading}\n`);
  let out: string;
  if (i < 0) out = `${doc.trimEnd()}\n\n${section}`;
  else {
    const j = doc.indexOf('\n## ', i + heading.length);
    out = doc.slice(0, i) + section + (j < 0 ? '' : doc.slice(j + 1));
  }
  fs.writeFileSync(DOC, out);
  console.log('Wrote the Cluster section of docs/performance.md');
}
