import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { isPostgres } from '../db/kind';
import { appSchema, bossSchemaFor } from '../jobs/pgBossQueue';

/** Tests: every waiting job of `name` becomes due now (the time it waited for has come). */
export async function makeJobsDue(db: Db, name: string): Promise<number> {
  if (isPostgres(db)) {
    const schema = bossSchemaFor(appSchema());
    const res = await sql`update ${sql.raw(`${schema}.job`)} set start_after = now() where name = ${name} and state in ('created', 'retry')`.execute(db);
    return Number(res.numAffectedRows ?? 0);
  }
  const res = await db.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('kind', '=', name).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows);
}
