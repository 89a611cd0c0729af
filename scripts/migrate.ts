/**
 * `npm run db:migrate`: applies the migrations to the configured database (DATABASE_MIGRATION_URL when
 * set, as the owning role; else DATABASE_URL; else the SQLite file ./data/lab-shop.sqlite) and seeds the demo data into it when it is empty and
 * SEED_DEMO is not false. Safe to run repeatedly.
 */
import { getConfig } from '../src/server/config';
import { migrate, openDb } from '../src/server/db/createDb';
import { seedDemo } from '../src/server/db/seed';
import { grantAppRole, roleOf } from '../src/server/db/roles';

async function main(): Promise<void> {
  const config = getConfig();
  // With DATABASE_MIGRATION_URL the owning role migrates and seeds, and grants the app's role its rights.
  const target = config.migrationDatabase ?? config.database;
  const where = target.kind === 'sqlite' ? target.file : target.url.replace(/\/\/[^@]*@/, '//***@');
  const handle = await openDb(target);
  try {
    await migrate(handle.db, target.kind === 'postgres' ? target.schema : undefined);
    console.log(`Migrated ${handle.kind} database at ${where}`);
    if (config.migrationDatabase && config.database.kind === 'postgres' && roleOf(config.database.url) !== roleOf(config.migrationDatabase.url)) {
      await grantAppRole(handle.db, roleOf(config.database.url), config.migrationDatabase.schema ?? 'public');
      console.log(`Granted the app role ${roleOf(config.database.url)} its rights (INSERT and SELECT only on the audit trail)`);
    }
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
