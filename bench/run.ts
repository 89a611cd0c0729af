/**
 * Catalogue search benchmark (`npm run bench`): builds a catalogue ten times the demo size in a
 * temporary SQLite file (and in a temporary schema on PostgreSQL when one is reachable), times
 * `searchAnalyses` for several terms, shows the query plans, and writes docs/benchmarks.md.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { openDb, migrate, type DbHandle } from '../src/server/db/createDb';
import { seedDemo } from '../src/server/db/seed';
import { parseDatabaseUrl } from '../src/server/config';
import { enlarge } from './lib/catalogue';
import { analysesByTermQuery } from '@/server/catalogue/repositories/catalogue';
import { searchAnalyses } from '@/server/catalogue/catalogue';
import { webBench } from './web';
import { STREAMS_HEADING, streamsBench } from './eventStreams';
import { SEARCH_HEADING, WEB_HEADING, medianMarkdown, webMarkdown, type BeforeFile } from './report';
import type { WebResult } from './web';

const COPIES = 10;
const RUNS = Number(process.env.BENCH_RUNS || 200);
const LAB = 'warsaw-mokotow';
const TERMS = ['tsh', 'gluc', 'blood count', 'specific ige', 'hr020', 'vitamin d', 'anti', 'c', 'zzzz'];


type Db = DbHandle['db'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Row {
  term: string;
  hits: number;
  p50: number;
  p95: number;
  matchP50: number;
  matchP95: number;
  naiveP50: number;
  naiveP95: number;
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

async function measure(db: Db): Promise<Row[]> {
  const rows: Row[] = [];
  for (const term of TERMS) {
    const hits = (await searchAnalyses(db, term, LAB)).length;
    const t = await time(() => searchAnalyses(db, term, LAB));
    const match = await time(async () => (await analysesByTermQuery(db, term, 500)?.execute()) ?? []);
    // Baseline: the same matching by substring, which no b-tree index can serve.
    const naive = await time(() =>
      db
        .selectFrom('analyses')
        .select(['id', 'code', 'name'])
        .where('search_text', 'like', `%${term.toLowerCase()}%`)
        .orderBy('name')
        .limit(500)
        .execute(),
    );
    rows.push({
      term,
      hits,
      p50: percentile(t, 50),
      p95: percentile(t, 95),
      matchP50: percentile(match, 50),
      matchP95: percentile(match, 95),
      naiveP50: percentile(naive, 50),
      naiveP95: percentile(naive, 95),
    });
  }
  return rows;
}

async function explain(handle: DbHandle, term: string): Promise<string> {
  const query = analysesByTermQuery(handle.db, term, 500);
  if (!query) return '';
  const compiled = query.compile();
  const prefix = handle.kind === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const res = await handle.db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  return (res.rows as Record<string, unknown>[])
    .map((r) => (handle.kind === 'sqlite' ? `${String(r.detail)}` : String(r['QUERY PLAN'])))
    .join('\n');
}

async function run(kind: string, handle: DbHandle): Promise<string> {
  await migrate(handle.db, handle.kind === 'postgres' ? schemaName : undefined);
  await seedDemo(handle.db);
  const count = await enlarge(handle.db, COPIES);
  const terms = await handle.db.selectFrom('analysis_search_terms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  await sql`analyze`.execute(handle.db);
  const rows = await measure(handle.db);
  const plan = await explain(handle, 'blood count');
  const lines = [
    `### ${kind}`,
    '',
    `${count} analyses, ${Number(terms.n)} search terms; ${RUNS} runs per term after 10 warm-up runs; laboratory \`${LAB}\`.`,
    '',
    '| term | hits | searchAnalyses p50 / p95 (ms) | matching query p50 / p95 (ms) | substring LIKE scan p50 / p95 (ms) |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| \`${r.term}\` | ${r.hits} | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} | ${r.matchP50.toFixed(2)} / ${r.matchP95.toFixed(2)} | ${r.naiveP50.toFixed(2)} / ${r.naiveP95.toFixed(2)} |`,
    ),
    '',
    'Plan of the matching query for `blood count`:',
    '',
    '```',
    plan,
    '```',
    '',
  ];
  console.log(lines.join('\n'));
  return lines.join('\n');
}

const schemaName = `bench_${crypto.randomBytes(4).toString('hex')}`;

interface Args {
  quick: boolean;
  web: boolean;
  search: boolean;
  lighthouse: boolean;
  growth: boolean;
  build: boolean;
  /** Write the figures of this run to a JSON file (e.g. to keep them as "before" figures). */
  saveJson: string | null;
  /** Only measure (and save JSON); do not rewrite docs/benchmarks.md. */
  noDoc: boolean;
  /** Runs of the shop-against-floor part (one build); the section then gives each figure's median. */
  repeat: number;
  cacheOff: boolean;
  memory: boolean;
  /** The job queue's part: checkout with SMTP stalled and up, and the three-worker kill run on PostgreSQL. */
  jobs: boolean;
  /** 500 open order event streams on one instance against none. */
  streams: boolean;
}

function parseArgs(argv: string[]): Args {
  const has = (f: string) => argv.includes(f);
  const only = ['--search-only', '--web-only', '--jobs-only', '--streams-only'].find(has);
  const value = (f: string) => {
    const i = argv.indexOf(f);
    return i >= 0 ? (argv[i + 1] ?? null) : null;
  };
  return {
    quick: has('--quick'),
    web: !only || only === '--web-only',
    search: !only || only === '--search-only',
    jobs: (!only || only === '--jobs-only') && !has('--no-jobs'),
    streams: (!only || only === '--streams-only') && !has('--no-streams'),
    lighthouse: !has('--no-lighthouse'),
    growth: !has('--no-growth'),
    build: !has('--no-build'),
    saveJson: value('--save-json'),
    noDoc: has('--no-doc'),
    repeat: Math.max(1, Math.floor(Number(value('--repeat') ?? 1)) || 1),
    cacheOff: !has('--no-cache-off'),
    memory: !has('--no-memory'),
  };
}

const USAGE = `npm run bench [-- options]
  --quick          4 s per load target, 1 Lighthouse run per page, growth with 10x only, memory over 5,000 requests
  --web-only       shop against the floor only; --search-only: the catalogue search section only
  --jobs-only      the job queue only (checkout with SMTP stalled and up; the kill run on PostgreSQL); --no-jobs: skip it
  --cluster        nginx in front of three instances on one PostgreSQL: 1,000 streams, catalogue p99, one instance killed (bench/cluster.ts)
  --streams-only   500 open order event streams against none (RSS, CPU, catalogue p99); --no-streams: skip it
  --no-lighthouse  skip Lighthouse;  --no-growth: skip the 10x/100x catalogues
  --no-build       reuse the shop build in BENCH_DIST_DIR (default .next-bench) when there is one
  --save-json F    also write this run's figures to F;  --no-doc: do not rewrite docs/benchmarks.md
  --repeat N       the shop against the floor N times on one build; the section gives each figure's median
                   (shop, floor, and the median of the runs' ratios) and every run's ratio
  --no-cache-off   skip the pages on a second server with RENDER_CACHE=off;  --no-memory: skip the RSS run
  BENCH_SHOP_DIR   measure the shop checked out (and built) in another folder, e.g. an older commit`;

async function searchSections(): Promise<string[]> {
  const sections: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-bench-'));
  const sqlite = await openDb({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
  try {
    sections.push(await run('SQLite (better-sqlite3, WAL)', sqlite));
  } finally {
    await sqlite.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/test';
  const database = parseDatabaseUrl(pgUrl, process.cwd());
  if (database.kind === 'postgres') {
    let pg: DbHandle | null = null;
    try {
      pg = await Promise.race([
        openDb({ ...database, schema: schemaName }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000)),
      ]);
      await sql`select 1`.execute(pg.db);
    } catch (e) {
      console.log(`PostgreSQL not reachable at ${pgUrl}: ${String(e)}; skipped.`);
      pg = null;
    }
    if (pg) {
      try {
        sections.push(await run('PostgreSQL', pg));
      } finally {
        await sql.raw(`drop schema if exists ${schemaName} cascade`).execute(pg.db);
        await pg.destroy();
      }
    }
  }
  return sections;
}

const DOC = path.join(__dirname, '..', 'docs', 'benchmarks.md');
const BEFORE = path.join(__dirname, 'before.json');

/** The part of the existing docs/benchmarks.md between `start` and the next `## ` heading (kept when a section is not re-run). */
function keptSection(start: string): string | null {
  if (!fs.existsSync(DOC)) return null;
  const doc = fs.readFileSync(DOC, 'utf8');
  const i = doc.indexOf(start);
  if (i < 0) return null;
  const j = doc.indexOf('\n## ', i + start.length);
  return doc.slice(i, j < 0 ? undefined : j + 1).trim();
}

const STREAMS_INTRO = `The built shop on SQLite, one account per stream with an order and a booked visit, each stream
a keep-alive connection with its bearer token (\`GET /api/backend/orders/{id}/events\`), held open
while the catalogue pages are loaded with autocannon; the same server measured first with no stream.
\`npx tsx bench/eventStreams.ts\` runs it alone.`;

const JOBS_HEADING = '## The job queue and the mail outbox';

/** Runs one of the queue's bench programs and answers what it printed (its figures). */
function runScript(script: string, args: string[]): string {
  const r = spawnSync(process.execPath, [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), script, ...args], { encoding: 'utf8', timeout: 15 * 60_000 });
  return `$ npx tsx ${script} ${args.join(' ')}\n${(r.stdout || '').trim()}${r.status === 0 ? '' : `\n(exit ${r.status}: ${(r.stderr || '').trim().split('\n').slice(-3).join(' ')})`}`;
}

function jobsSection(machine: string, quick: boolean): string {
  const checkout = runScript('bench/checkoutSmtp.ts', quick ? ['--checkouts', '60', '--rounds', '1'] : ['--checkouts', '150', '--rounds', '2']);
  const kill = runScript('bench/jobsKill.ts', ['--orders', quick ? '100' : '500']);
  return `${JOBS_HEADING} (${machine})

Checkout (\`POST /api/order/create\`, 10 at a time, the app's worker delivering in the same process)
with the SMTP server up and stalled (it accepts the connection and never greets), rounds
alternating; then the time for every owed mail to leave once the server is back. Target: with SMTP
stalled within 10% of SMTP up. The request never talks to SMTP, so a stalled server costs it nothing.

\`\`\`
${checkout}
\`\`\`

Three worker processes (\`npm run jobs\`) on one PostgreSQL database, reminders due at once, one
worker killed with SIGKILL a fifth of the way through; counted at a real SMTP server. The killed
worker's running jobs are taken over once their time-out (60 s) has passed.

\`\`\`
${kill}
\`\`\`
`;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  if (process.argv.includes('--cluster')) {
    // Three instances behind nginx on one PostgreSQL (bench/cluster.ts), on its own.
    const r = spawnSync(process.execPath, [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(__dirname, 'cluster.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
    return;
  }
  const args = parseArgs(process.argv.slice(2));
  const machine = `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ''}, Node ${process.version}`;
  let webSection: string | null = keptSection(WEB_HEADING);
  if (args.web) {
    const runs: WebResult[] = [];
    for (let i = 0; i < args.repeat; i++) {
      if (args.repeat > 1) console.log(`Run ${i + 1} of ${args.repeat} (${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      const one = await webBench({ quick: args.quick, build: args.build && i === 0, lighthouse: args.lighthouse, growth: args.growth, cacheOff: args.cacheOff, memory: args.memory });
      runs.push(one);
      if (args.saveJson) fs.writeFileSync(args.repeat > 1 ? args.saveJson.replace(/(\.json)?$/, `-${i + 1}.json`) : args.saveJson, JSON.stringify({ machine, quick: args.quick, ...one }, null, 2) + '\n');
    }
    const before = fs.existsSync(BEFORE) ? (JSON.parse(fs.readFileSync(BEFORE, 'utf8')) as BeforeFile) : null;
    webSection = runs.length > 1 ? medianMarkdown(runs, machine, args.quick) : webMarkdown(runs[0]!, before, machine, args.quick);
    console.log(webSection);
  }
  // Files written before the section had its own heading call it `## Figures`.
  let searchText: string | null = keptSection(SEARCH_HEADING) ?? keptSection('## Figures (')?.replace('## Figures', SEARCH_HEADING) ?? null;
  if (args.search) searchText = `${SEARCH_HEADING} (${machine})\n\n${(await searchSections()).join('\n')}`;
  let jobsText: string | null = keptSection(JOBS_HEADING);
  if (args.jobs) {
    jobsText = jobsSection(machine, args.quick);
    console.log(jobsText);
  }
  let streamsText: string | null = keptSection(STREAMS_HEADING);
  if (args.streams) {
    const table = await streamsBench({ streams: args.quick ? 100 : 500, seconds: args.quick ? 4 : 10, build: args.build && !args.web });
    streamsText = `${STREAMS_HEADING} (${machine})\n\n${STREAMS_INTRO}\n\n${table}\n`;
    console.log(streamsText);
  }
  if (args.noDoc) return;
  const intro = fs.readFileSync(path.join(__dirname, 'benchmarks.intro.md'), 'utf8');
  const out = [intro.trim(), webSection, searchText, jobsText, streamsText].filter(Boolean).join('\n\n') + '\n';
  fs.writeFileSync(DOC, out);
  console.log('Wrote docs/benchmarks.md');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
