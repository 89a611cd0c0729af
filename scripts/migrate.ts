/**
 * `npm run db:migrate`: applies the migrations to the configured database (DATABASE_URL, else the
 * SQLite file ./data/lab-shop.sqlite) and seeds the demo data into it when it is empty and
 * SEED_DEMO is not false. Safe to run repeatedly.
 */
import { getConfig } from '../src/server/config';
import { migrate, openDb } from '../src/server/db/createDb';
import { seedDemo } from '../src/server/db/seed';

async function main(): Promise<void> {
  const config = getConfig();
  const where = config.database.kind === 'sqlite' ? config.database.file : config.database.url.replace(/\/\/[^@]*@/, '//***@');
  const handle = await openDb(config.database);
  try {
    await migrate(handle.db, config.database.kind === 'postgres' ? config.database.schema : undefined);
    console.log(`Migrated ${handle.kind} database at ${where}`);
    if (config.seedDemo) {
      const seeded = await seedDemo(handle.db);
      console.log(seeded ? 'Seeded the demo catalogue, laboratories and nurse slots' : 'Demo data already present (laboratories exist): not seeded');
    } else {
      console.log('SEED_DEMO=false: not seeded');
    }
  } finally {
    await handle.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
