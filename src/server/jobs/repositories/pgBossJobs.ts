import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '@/server/db/createDb';

/**
 * pg-boss's connection to the database, and read-only queries of its job table (the job queue on
 * PostgreSQL) for the staff console and the metrics; pg-boss itself does every write. `schema` is
 * pg-boss's schema, checked by the caller.
 */

export interface BossJobRow {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  start_after: Date;
  created_on: Date;
  output: unknown;
  laboratory_id: string | null;
}

/**
 * pg-boss's way into the database: its own SQL text runs on the shop's Kysely connection (the caller's
 * transaction when given one), so an enqueue commits or rolls back with the change that owes it.
 */
export function bossExecutor(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const res = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: res.rows as unknown[] as never[] };
    },
  };
}

function table(schema: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  return sql.raw(`${schema}.job`);
}

export async function listBossJobs(db: Db, schema: string, opts: { laboratoryId?: string; limit: number }): Promise<BossJobRow[]> {
  const lab = opts.laboratoryId === undefined ? sql`true` : sql`data->>'laboratoryId' = ${opts.laboratoryId}`;
  const res = await sql<BossJobRow>`select id::text as id, name, state::text as state, retry_count, start_after, created_on, output, data->>'laboratoryId' as laboratory_id
    from ${table(schema)} where state in ('created', 'retry', 'active', 'failed') and ${lab}
    order by created_on desc limit ${opts.limit}`.execute(db);
  return res.rows;
}

export async function findBossJob(db: Db, schema: string, id: string): Promise<BossJobRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const res = await sql<BossJobRow>`select id::text as id, name, state::text as state, retry_count, start_after, created_on, output, data->>'laboratoryId' as laboratory_id
    from ${table(schema)} where id = ${id}::uuid`.execute(db);
  return res.rows[0];
}

export async function countBossJobs(db: Db, schema: string): Promise<{ name: string; state: BossJobRow['state']; n: number }[]> {
  const res = await sql<{ name: string; state: BossJobRow['state']; n: string }>`select name, state::text as state, count(*) as n from ${table(schema)} group by name, state`.execute(db);
  return res.rows.map((r) => ({ name: r.name, state: r.state, n: Number(r.n) }));
}

/** Ids of waiting jobs of `name` whose key starts with `keyPrefix` (to be cancelled through pg-boss). */
export async function waitingBossJobIds(db: Db, schema: string, name: string, keyPrefix: string): Promise<string[]> {
  const like = `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`;
  const res = await sql<{ id: string }>`select id::text as id from ${table(schema)} where name = ${name} and state in ('created', 'retry') and singleton_key like ${like}`.execute(db);
  return res.rows.map((r) => r.id);
}

/** Jobs of `name` whose key starts with one of `prefixes` (the account export). */
export async function listBossJobsByKeyPrefix(db: Db, schema: string, name: string, prefixes: string[]): Promise<BossJobRow[]> {
  if (!prefixes.length) return [];
  const likes = prefixes.map((p) => `${p.replace(/[\\%_]/g, '\\$&')}%`);
  const res = await sql<BossJobRow>`select id::text as id, name, state::text as state, retry_count, start_after, created_on, output, data->>'laboratoryId' as laboratory_id
    from ${table(schema)} where name = ${name} and singleton_key like any(${sql.val(likes)}) order by created_on`.execute(db);
  return res.rows;
}
