import fc from 'fast-check';
import type { Db } from '../db/createDb';
import type { TestApiServer } from './apiServer';
import { loadOperations, type Operation } from './fuzzSpec';
import { requestArbitrary, type FuzzRequest } from './fuzzRequests';
import { changedTables, fingerprint, makeIdentities, totalChanges } from './fuzzState';

export { loadOperations } from './fuzzSpec';

/**
 * Property-based fuzzing of every operation in docs/openapi.yaml against the real route files on a
 * fresh SQLite database. Each request is drawn by fast-check from (seed, index), so one failing
 * request is reproduced by its seed and index alone. Bodies, queries, path parameters and headers
 * follow the operation's schemas most of the time and are hostile the rest: wrong types, numbers as
 * strings, arrays for objects, prototype keys, unicode, huge strings, malformed JSON, bodies nested
 * thousands of levels deep, keys repeated thousands of times, wrong content
 * types, foreign or broken tokens.
 *
 * Properties: no answer is 5xx (or hangs), and an answer of 4xx changes no row. Tables that a refused
 * request writes by design (attempt counters of rate limits, audit records of refused sign-ins) are
 * listed in BOOKKEEPING; SQLite's `total_changes()` tells cheaply when anything was written at all.
 */

export interface FuzzFailure {
  index: number;
  request: FuzzRequest;
  status: number | 'timeout' | 'error';
  problem: string;
  answer: string;
  serverErrors: string[];
}

export interface FuzzResult {
  seed: number;
  runs: number;
  statuses: Record<string, number>;
  perOperation: Record<string, Record<string, number>>;
  failures: FuzzFailure[];
  ms: number;
}

// ---------------------------------------------------------------------------------------------
// The run

async function send(baseUrl: string, req: FuzzRequest, timeoutMs: number): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(baseUrl + req.url, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(timeoutMs) });
  const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // An event stream (GET orders/{id}/events) stays open by design: its status and headers are the answer.
  if (type === 'text/event-stream') {
    await res.body?.cancel();
    return { status: res.status, text: '', type };
  }
  return { status: res.status, text: req.method === 'HEAD' ? '' : (await res.text()).slice(0, 300), type };
}

/**
 * Why an answer's media type is wrong, or null: every answer with a body is JSON, except the types the
 * operation documents (PDF, XML, FHIR, iCalendar, HL7, the event stream, the metrics' text).
 */
export function unexpectedType(op: Operation, type: string, text: string): string | null {
  if (type === 'text/event-stream') return op.responseTypes.includes(type) ? null : 'answered an undocumented event stream';
  if (!text) return null;
  if (type === 'application/json' || op.responseTypes.includes(type)) return null;
  return `answered ${type || 'without a content type'}, not JSON or a documented type`;
}

export async function fuzz(opts: {
  db: Db;
  api: TestApiServer;
  seed: number;
  runs: number;
  /** New identities every this many requests. */
  refreshEvery?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<FuzzResult> {
  const { db, api, seed, runs } = opts;
  const log = opts.log ?? (() => undefined);
  const operations = loadOperations();
  const t0 = Date.now();
  const statuses: Record<string, number> = {};
  const perOperation: Record<string, Record<string, number>> = {};
  const failures: FuzzFailure[] = [];
  const serverErrors: string[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    serverErrors.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ').slice(0, 2000));
  };
  try {
    let who = await makeIdentities(db, api);
    let arbs = operations.map((op) => requestArbitrary(op, who));
    let changes = await totalChanges(db);
    let state = await fingerprint(db);
    // A successful sign-out, password change or account change may end the fuzzer's sessions.
    let signedOut = false;
    for (let i = 0; i < runs; i++) {
      if ((i > 0 && i % (opts.refreshEvery ?? 250) === 0) || signedOut) {
        signedOut = false;
        who = await makeIdentities(db, api);
        arbs = operations.map((op) => requestArbitrary(op, who));
        changes = await totalChanges(db);
        state = await fingerprint(db);
      }
      if (i > 0 && i % 1000 === 0) log(`  ${i} requests, ${failures.length} failures, ${Math.round((Date.now() - t0) / 1000)} s`);
      // Request i is a function of (seed, i) only.
      // Operations are picked uniformly; two requests in three are drawn without fast-check's bias
      // towards small values, the third with it (empty strings, 0, boundaries).
      const opIndex = fc.sample(fc.nat(operations.length - 1), { seed: seed + i, numRuns: 1, unbiased: true })[0] as number;
      const op = operations[opIndex] as Operation;
      const req = fc.sample(arbs[opIndex] as fc.Arbitrary<FuzzRequest>, { seed: seed + i, numRuns: 1, unbiased: i % 3 !== 0 })[0] as FuzzRequest;
      serverErrors.length = 0;
      let status: number | 'timeout' | 'error';
      let text = '';
      let type = '';
      try {
        ({ status, text, type } = await send(api.url, req, opts.timeoutMs ?? 30_000));
      } catch (e) {
        status = e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'error';
        text = e instanceof Error ? e.message : String(e);
      }
      const key = String(status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      const opKey = `${op.method} ${op.path}`;
      perOperation[opKey] ??= {};
      (perOperation[opKey] as Record<string, number>)[key] = ((perOperation[opKey] as Record<string, number>)[key] ?? 0) + 1;
      const fail = (problem: string) => failures.push({ index: i, request: { ...req, body: req.body && req.body.length > 500 ? `${req.body.slice(0, 500)}... (${req.body.length} chars)` : req.body }, status, problem, answer: text, serverErrors: [...serverErrors] });
      if (typeof status !== 'number' || status >= 500) fail(`answered ${status}`);
      const wrongType = typeof status === 'number' ? unexpectedType(op, type, text) : null;
      if (wrongType) fail(wrongType);
      if (typeof status === 'number' && status < 300 && req.method !== 'GET' && /logout|password|users\/(current|\d)/.test(req.url)) signedOut = true;
      const now = await totalChanges(db);
      if (now !== changes) {
        const next = await fingerprint(db);
        if (typeof status === 'number' && status >= 400 && status < 500) {
          const changed = changedTables(state, next);
          if (changed.length) fail(`answered ${status} but changed ${changed.join(', ')}`);
        }
        state = next;
        changes = now;
      }
    }
  } finally {
    console.error = originalError;
  }
  return { seed, runs, statuses, perOperation, failures, ms: Date.now() - t0 };
}

/** A readable account of the failures, grouped by operation and problem. */
export function describeFailures(result: FuzzResult, max = 25): string {
  const groups = new Map<string, FuzzFailure[]>();
  for (const f of result.failures) {
    const path = f.request.url.split('?')[0] ?? '';
    const k = `${f.request.method} ${path.replace(/\/[^/]*\d[^/]*(?=\/|$)/g, '/{id}')} -> ${f.problem}`;
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const lines: string[] = [];
  for (const [k, list] of [...groups.entries()].slice(0, max)) {
    const f = list[0] as FuzzFailure;
    lines.push(`${list.length} x ${k}`);
    lines.push(`    e.g. request #${f.index} (seed ${result.seed}): ${f.request.method} ${f.request.url.slice(0, 300)}`);
    lines.push(`    headers: ${JSON.stringify(f.request.headers).slice(0, 400)}`);
    if (f.request.body !== undefined) lines.push(`    body: ${JSON.stringify(f.request.body).slice(0, 400)}`);
    lines.push(`    answer: ${f.answer.slice(0, 300)}`);
    for (const e of f.serverErrors.slice(0, 2)) lines.push(`    server: ${e.split('\n').slice(0, 6).join('\n            ')}`);
  }
  if (groups.size > max) lines.push(`... and ${groups.size - max} more kinds`);
  return lines.join('\n');
}
