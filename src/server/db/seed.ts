import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Seeds the demo catalogue into an empty database. Filled in by the foundation work. */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  void db;
}
