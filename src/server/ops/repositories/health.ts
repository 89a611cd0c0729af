import { sql } from 'kysely';
import type { Db } from '@/server/db/createDb';

/** The readiness probe's query: the database answers a trivial statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
