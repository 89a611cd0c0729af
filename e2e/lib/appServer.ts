import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Build directory; E2E_DIST_DIR lets parallel runs in one working tree keep separate builds. */
export const DIST_DIR = process.env.E2E_DIST_DIR || '.next-e2e';

/** The id of the build in DIST_DIR (changes when another build overwrites it). */
export function buildId(): string | null {
  try {
    return fs.readFileSync(path.join(ROOT, DIST_DIR, 'BUILD_ID'), 'utf8').trim();
  } catch {
    return null;
  }
}
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

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

/** `next build` into .next-e2e; output goes to the log file, the tail is printed on failure. */
export async function buildApp(env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  log.end();
  if (code !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n');
    throw new Error(`next build failed (exit ${code}); see ${logFile}\n${tail}`);
  }
}

export interface RunningApp {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts `next start` in its own process group and waits until /api/health answers 200. */
export async function startApp(env: NodeJS.ProcessEnv, port: number, logFile: string, timeoutMs = 120_000): Promise<RunningApp> {
  const log = fs.createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (exited === undefined && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const done = await Promise.race([
        new Promise<boolean>((r) => child.once('exit', () => r(true))),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
      ]);
      if (!done) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    log.end();
  };

  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      await stop();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
      throw new Error(`next start exited with ${exited}; see ${logFile}\n${tail}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { url, port, stop };
      lastError = `health answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the app did not become healthy within ${timeoutMs} ms (${lastError}); see ${logFile}`);
}
