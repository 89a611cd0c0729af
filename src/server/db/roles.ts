import { sql } from 'kysely';
import type { Db } from './createDb';

/**
 * The two-role PostgreSQL setup (docs/security.md): the migrating role owns the tables; the app's role
 * (the user of DATABASE_URL) gets what the shop needs and no more. The append-only tables (the audit
 * trail and the result revisions) only INSERT and SELECT; the migrator's own tables only SELECT. As
 * it does not own the tables, the app's role can neither TRUNCATE nor DROP TRIGGER. Applied after
 * every migration run (idempotent), so tables added later get the same rights.
 */
const APPEND_ONLY = ['audit_events', 'analysis_result_revisions'];
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];
const NAME = /^[a-z_][a-z0-9_]*$/;

export async function grantAppRole(owner: Db, role: string, schema = 'public'): Promise<void> {
  if (!NAME.test(role)) throw new Error(`The app's database role "${role}" must be a plain lower-case name`);
  if (!NAME.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const run = (statement: string) => sql.raw(statement).execute(owner);
  await run(`grant usage on schema ${schema} to ${role}`);
  await run(`grant select, insert, update, delete on all tables in schema ${schema} to ${role}`);
  await run(`grant usage, select on all sequences in schema ${schema} to ${role}`);
  const existing = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(owner);
  const names = new Set(existing.rows.map((r) => r.name));
  for (const table of APPEND_ONLY.filter((t) => names.has(t))) await run(`revoke update, delete, truncate on ${schema}.${table} from ${role}`);
  for (const table of MIGRATOR_TABLES.filter((t) => names.has(t))) await run(`revoke insert, update, delete, truncate on ${schema}.${table} from ${role}`);
}

/** The role a postgres URL signs in as. */
export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username || 'postgres');
}
