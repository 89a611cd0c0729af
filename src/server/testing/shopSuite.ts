import { createTestDb, type TestDb } from './testDb';
import { startApiServer, type TestApiServer } from './apiServer';
import { seedShopFixture, type ShopFixture } from './shopFixtures';

/** A test file's fresh database with the shop fixture, and the API server over it. */
export interface ShopSuite {
  db: TestDb;
  api: TestApiServer;
  fx: ShopFixture;
}

/**
 * Sets up the file's suite before its tests (a fresh database without demo data, the shop fixture,
 * the real API routes over HTTP) and tears it down after them. The fields are there once the tests run.
 */
export function setUpShopSuite(): ShopSuite {
  const suite = {} as ShopSuite;
  beforeAll(async () => {
    suite.db = await createTestDb({ seed: false });
    suite.fx = await seedShopFixture(suite.db.db);
    suite.api = await startApiServer();
  });
  afterAll(async () => {
    await suite.api?.close();
    await suite.db?.cleanup();
  });
  return suite;
}

/** A test file's fresh database (without demo data) and the real API routes over HTTP. */
export interface ApiSuite {
  db: TestDb;
  api: TestApiServer;
}

/** Sets up and tears down the file's database and API server around its tests, like `setUpShopSuite` without the fixture. */
export function setUpApiSuite(): ApiSuite {
  const suite = {} as ApiSuite;
  beforeAll(async () => {
    suite.db = await createTestDb({ seed: false });
    suite.api = await startApiServer();
  });
  afterAll(async () => {
    await suite.api?.close();
    await suite.db?.cleanup();
  });
  return suite;
}
