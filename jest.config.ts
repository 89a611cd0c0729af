import type { Config } from 'jest';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const common = {
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    // As in next.config.js: formik's lodash copies are the shop's small ones, so the tests run formik as the pages do.
    '^lodash(-es)?/cloneDeep$': '<rootDir>/src/lib/formikDeps/cloneDeep.ts',
    '^lodash(-es)?/clone$': '<rootDir>/src/lib/formikDeps/clone.ts',
    // Another Node line's build of the SQLite driver (.ci/run's Node 24 step builds one beside the machine's).
    ...(process.env.BETTER_SQLITE3_PATH ? { '^better-sqlite3$': process.env.BETTER_SQLITE3_PATH } : {}),
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next', '/e2e/'],
};

/**
 * Two projects: `server` (node environment, real SQLite file or PostgreSQL when DATABASE_URL is a
 * postgres URL) and `client` (jsdom, React components, store and sagas).
 */
async function config(): Promise<Config> {
  const server = await createJestConfig({
    ...common,
    displayName: 'server',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/pages/**/*.test.ts', '<rootDir>/docs/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
  })();
  const client = await createJestConfig({
    ...common,
    displayName: 'client',
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: ['<rootDir>/jest.setup.client.ts'],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    testPathIgnorePatterns: [...common.testPathIgnorePatterns, '<rootDir>/src/server/'],
  })();
  // ESM-only packages that must be transformed for jest.
  const esm = ['marked', 'yup', 'property-expr', 'tiny-case', 'toposort', 'next-redux-wrapper'];
  for (const p of [server, client]) {
    p.transformIgnorePatterns = [`/node_modules/(?!(${esm.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'];
  }
  return { projects: [server, client], maxWorkers: process.env.CI ? 2 : '50%', testTimeout: 30000 };
}

export default config;
