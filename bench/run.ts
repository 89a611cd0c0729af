/**
 * Catalogue search benchmark (`npm run bench`): builds a catalogue ten times the demo size in a
 * temporary SQLite file (and in a temporary schema on PostgreSQL when one is reachable), times
 * `searchAnalyses` for several terms, shows the query plans, and writes docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { openDb, migrate, type DbHandle } from '../src/server/db/createDb';
import { seedDemo } from '../src/server/db/seed';
import { parseDatabaseUrl } from '../src/server/config';
import { indexAnalyses } from '../src/server/repositories/searchTerms';
import { analysesByTermQuery } from '../src/server/repositories/catalogue';
import { searchAnalyses } from '../src/server/services/catalogue';

const COPIES = 10;
const RUNS = Number(process.env.BENCH_RUNS || 200);
const LAB = 'warsaw-mokotow';
const TERMS = ['tsh', 'gluc', 'blood count', 'specific ige', 'hr020', 'vitamin d', 'anti', 'c', 'zzzz'];
const VARIANTS = ['express', 'extended', 'paediatric', 'screening', 'follow-up', 'confirmatory', 'quantitative', 'repeat', 'home'];

type Db = DbHandle['db'];

async function enlarge(db: Db): Promise<number> {
  const base = await db.selectFrom('analyses').selectAll().execute();
  const headers = await db.selectFrom('analysis_headers').selectAll().execute();
  const materials = await db.selectFrom('analysis_materials').selectAll().execute();
  const prices = await db.selectFrom('analysis_prices').selectAll().execute();
  const now = new Date().toISOString();
  for (let copy = 1; copy < COPIES; copy++) {
    const variant = VARIANTS[(copy - 1) % VARIANTS.length] as string;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < base.length; i += 100) {
        const chunk = base.slice(i, i + 100);
        const rows = await trx
          .insertInto('analyses')
          .values(
            chunk.map(({ id: _id, ...a }) => ({
              ...a,
              code: `${a.code}-${copy}`,
              name: `${a.name}, ${variant}`,
              search_text: `${a.code}-${copy} ${a.name}, ${variant}`.toLowerCase(),
            })),
          )
          .returning(['id', 'code', 'name'])
          .execute();
        await indexAnalyses(trx, rows);
        const idOf = new Map(chunk.map((a, k) => [a.id, rows[k]?.id as number]));
        const h = headers.filter((x) => idOf.has(x.analysis_id)).map((x) => ({ ...x, analysis_id: idOf.get(x.analysis_id) as number }));
        const m = materials.filter((x) => idOf.has(x.analysis_id)).map((x) => ({ ...x, analysis_id: idOf.get(x.analysis_id) as number }));
        const p = prices
          .filter((x) => idOf.has(x.analysis_id))
          .map(({ id: _id, ...x }) => ({ ...x, analysis_id: idOf.get(x.analysis_id) as number, created: now, updated: now }));
        for (let j = 0; j < h.length; j += 200) await trx.insertInto('analysis_headers').values(h.slice(j, j + 200)).execute();
        for (let j = 0; j < m.length; j += 200) await trx.insertInto('analysis_materials').values(m.slice(j, j + 200)).execute();
        for (let j = 0; j < p.length; j += 200) await trx.insertInto('analysis_prices').values(p.slice(j, j + 200)).execute();
      }
    });
  }
  const n = await db.selectFrom('analyses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n.n);
}

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
  const count = await enlarge(handle.db);
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

async function main(): Promise<void> {
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

  const doc = fs.readFileSync(path.join(__dirname, 'benchmarks.intro.md'), 'utf8');
  const out = `${doc.trim()}\n\n## Figures (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ''})\n\n${sections.join('\n')}`;
  fs.writeFileSync(path.join(__dirname, '..', 'docs', 'benchmarks.md'), out);
  console.log('Wrote docs/benchmarks.md');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
