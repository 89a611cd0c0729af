import fs from 'node:fs';
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/*
 * Import boundaries (docs/architecture.md, "Who may import whom"):
 * - client code (src/features, src/components, src/lib, src/store, src/i18n, src/theme) never imports
 *   src/server; pages reach the server only from their data functions;
 * - src/server and the API routes (pages/api) import, of the layers both sides have, only src/shared:
 *   not src/lib (client only), src/components, src/i18n (the browser's loader), src/theme, a feature
 *   or the store;
 * - src/shared imports nothing of the shop outside src/shared;
 * - the client's shared layers (src/lib, src/components, src/i18n, src/theme) import no feature and
 *   not the store;
 * - a feature imports another feature only through its index (`@/features/cart`, not
 *   `@/features/cart/cartSlice`). Tests and test helpers (`testing/`) wire the whole store and are exempt
 *   from this last rule.
 */
const FEATURES = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const NO_SERVER = {
  regex: '^(@/server|(\\.\\./)+server)(/|$)',
  message: 'Client code must not import src/server: server helpers are called from pages\' data functions (getServerSideProps) or API routes.',
};
const NO_CLIENT_LAYERS = {
  regex: '^(@/(features|components|store|theme|lib|i18n|testing)|(\\.\\./)+(features|components|store|theme))(/|$)',
  message: 'src/server imports only src/shared of the layers both sides have (src/lib, src/components, src/i18n, src/theme, features and the store are the browser\'s): move what both sides use to src/shared.',
};
const ONLY_SHARED = {
  regex: '^(@/(?!shared/)[^/]+|(\\.\\./)+(features|components|store|theme|lib|i18n|server|testing))(/|$)',
  message: 'src/shared is what both sides use: it imports nothing of the shop outside src/shared.',
};
const NO_UPWARD = {
  regex: '^(@/(features|store)|(\\.\\./)+(features|store))(/|$)',
  message: 'Shared layers (src/lib, src/components, src/i18n, src/theme) must not import features or the store.',
};
const deepFeatureImport = (own) => ({
  regex: `^@/features/(?!${own}/)[^/]+/|^(\\.\\./)+features/`,
  message: 'Import another feature only through its public index (@/features/<name>); add the name to that index.ts if it is meant to be shared.',
});
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

/*
 * Repositories own SQL (docs/architecture.md, "Code health"): outside a domain's repositories
 * (src/server/<domain>/repositories/) and the database layer (src/server/db: connection, migrations,
 * schema, seed) no Kysely query is built, in src/server (src/server/jobs included: pg-boss's executor
 * is jobs/repositories/pgBossJobs.ts `bossExecutor`), pages or scripts. Tests and test helpers
 * (`testing/`) may query to arrange and check.
 */
const REPOSITORIES = 'src/server/*/repositories/**';
const QUERY_MESSAGE = "SQL lives in a domain's repositories (src/server/<domain>/repositories/): add a repository function and call it (pass the transaction through).";
const NO_QUERIES = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|executeQuery)$/]",
    message: QUERY_MESSAGE,
  },
  // Common table expressions, db.with('name', (qb) => ...); Array#with(index, value) stays allowed.
  { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^with(Recursive)?$/][arguments.0.type='Literal'][arguments.0.value=/./]", message: QUERY_MESSAGE },
  { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^with(Recursive)?$/][arguments.1.type=/^(ArrowFunctionExpression|FunctionExpression)$/]", message: QUERY_MESSAGE },
  // Raw SQL: sql`...`, sql.raw/ref/lit/join/table/id, and importing sql or CompiledQuery under any name.
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
  { selector: "MemberExpression[object.name='sql']", message: QUERY_MESSAGE },
  { selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name=/^(sql|CompiledQuery)$/]", message: QUERY_MESSAGE },
];

/* The order's status is moved by orders/transitions.ts alone (the orders repository's writers of it). */
const NO_STATUS_WRITES = [
  {
    selector: "MemberExpression[property.name=/^(setStatus|insertEvent|moveOrderSlot)$/]",
    message: "An order's status moves only in src/server/orders/transitions.ts: call its move (changeStatus, collectSamplesByNurse, resultsWritten, cancelByPatient, moveVisit, expireUnpaid, recordPlaced).",
  },
];

/*
 * Server domains (docs/architecture.md, "Who may import whom"): the arrows allowed between the folders
 * of src/server, written down as they stand (`npx tsx scripts/domain-pairs.ts` lists them and the
 * mutual pairs). An import of a domain not listed for the importing one fails lint, so a new arrow --
 * above all a reverse one that makes a new mutual pair -- is a decision made here, not by accident.
 * Type-only imports are allowed (they do not run); `import()` is not checked. A new domain folder
 * gets its line; removing an arrow that is no longer used is always welcome.
 */
const DOMAIN_ARROWS = {
  accounts: ['audit', 'db', 'http', 'jobs', 'laboratories', 'mail', 'notifications'],
  audit: ['db', 'http'],
  cart: ['catalogue', 'http', 'laboratories'],
  catalogue: ['http', 'laboratories'],
  db: ['catalogue', 'visits'],
  http: ['accounts', 'db'],
  interop: ['accounts', 'audit', 'http', 'laboratories', 'orders', 'results', 'visits'],
  invoices: ['audit', 'catalogue', 'db', 'http', 'jobs', 'laboratories', 'orders', 'payments', 'visits'],
  jobs: ['db'],
  laboratories: ['http', 'payments'],
  mail: ['db', 'jobs'],
  notifications: ['http', 'jobs', 'laboratories', 'mail'],
  ops: ['audit', 'db', 'http', 'jobs', 'mail', 'payments'],
  orders: ['accounts', 'audit', 'cart', 'catalogue', 'db', 'http', 'jobs', 'laboratories', 'mail', 'notifications', 'payments', 'results', 'visits'],
  payments: ['audit', 'db', 'http', 'invoices', 'jobs', 'laboratories', 'mail', 'orders', 'visits'],
  privacy: ['accounts', 'audit', 'cart', 'db', 'http', 'invoices', 'jobs', 'mail', 'notifications', 'results'],
  results: ['accounts', 'audit', 'catalogue', 'db', 'http', 'jobs', 'laboratories', 'notifications', 'orders', 'visits'],
  ssr: ['db', 'http', 'laboratories', 'mail'],
  staff: ['accounts', 'audit', 'db', 'http', 'laboratories', 'orders', 'payments', 'results', 'visits'],
  support: ['audit', 'db', 'http', 'laboratories', 'mail'],
  visits: ['accounts', 'audit', 'catalogue', 'db', 'http', 'laboratories', 'mail', 'notifications', 'orders'],
};
const SERVER_DOMAINS = fs
  .readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'testing')
  .map((d) => d.name);
const domainRule = (own) => {
  const forbidden = SERVER_DOMAINS.filter((d) => d !== own && !(DOMAIN_ARROWS[own] ?? []).includes(d));
  return {
    files: [`src/server/${own}/**`],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: forbidden.length
            ? [{ regex: `^(@/server/|(\\.\\./)+)(${forbidden.join('|')})(/|$)`, allowTypeImports: true, message: `Not an allowed arrow for src/server/${own} (DOMAIN_ARROWS in eslint.config.mjs): call through a domain it may import, or write the arrow down there if it is meant.` }]
            : [],
        },
      ],
    },
  };
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', 'data/**', 'e2e/artifacts/**', 'next-env.d.ts', 'coverage/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/store/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER] }] },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/i18n/**', 'src/theme/**'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER, NO_UPWARD] }] },
  },
  {
    files: ['src/server/**', 'pages/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIENT_LAYERS] }] },
  },
  {
    files: ['src/shared/**'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [ONLY_SHARED] }] },
  },
  {
    files: ['src/server/**', 'pages/**', 'scripts/**'],
    ignores: [REPOSITORIES, 'src/server/db/**', ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...NO_QUERIES] },
  },
  {
    // The order's lifecycle (docs/architecture.md, "The order's lifecycle"): only orders/transitions.ts
    // writes an order's status or its status events; everyone else asks it for the move.
    files: ['src/server/**', 'pages/**', 'scripts/**'],
    ignores: [REPOSITORIES, 'src/server/db/**', 'src/server/orders/transitions.ts', ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...NO_QUERIES, ...NO_STATUS_WRITES] },
  },
  ...FEATURES.map((own) => ({
    files: [`src/features/${own}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER, deepFeatureImport(own)] }] },
  })),
  {
    // Client test code: the features' tests and the one test harness (src/testing: renderApp, the test
    // router, the faked backend) wire the whole store, so they may import any feature's files, never src/server.
    files: [...TESTS.map((p) => `src/features/${p}`), 'src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER] }] },
  },
  ...SERVER_DOMAINS.map(domainRule),
  {
    // One way to show a failure (docs/architecture.md): a component says a failed call through
    // useFailureText (src/components/useFailureText.ts), decided on its code, never by showing the
    // server's English sentence (`error.message`, `action.error?.message`, `failure.message`).
    files: ['src/features/**/*.tsx'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['object.name', 'object.property.name'].map((who) => ({
          selector: `MemberExpression[property.name='message'][${who}=/^(error|failure)$|Error$/]`,
          message: "Show a failure through useFailureText (by its code, in the user's language), not the server's sentence (.message).",
        })),
      ],
    },
  },
  {
    // No source file over 400 lines, blank lines and comments counted: split along a real seam (a domain,
    // a concern, whole functions into a sibling file) rather than squeezing lines.
    files: ['{src,pages,scripts,e2e,bench}/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Plain CommonJS that Next loads itself (next.config.js and the build step it requires).
    files: ['next.config.js', 'scripts/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
