/**
 * `npm run fuzz [-- --seed N --runs M]`: fuzzes every operation of docs/openapi.yaml against the
 * real route files on a fresh SQLite database (src/server/testing/fuzz.ts). Default: 10,000 requests
 * with a random seed, printed so a failing run can be repeated exactly.
 */
import { spawnSync } from 'node:child_process';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = args[i] as string;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[i + 1];
}

const seed = Number(option('seed') ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(option('runs') ?? 10_000);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(runs) || runs < 1) {
  console.error('usage: npm run fuzz -- [--seed <integer>] [--runs <count>]');
  process.exit(2);
}
console.log(`fuzzing ${runs} requests with seed ${seed} (repeat with: npm run fuzz -- --seed ${seed} --runs ${runs})`);
const result = spawnSync(
  process.execPath,
  ['node_modules/jest/bin/jest.js', '--selectProjects', 'server', '--maxWorkers=1', '--runTestsByPath', 'src/server/testing/fuzz.test.ts'],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: '', FUZZ_SEED: String(seed), FUZZ_RUNS: String(runs) } },
);
process.exit(result.status ?? 1);
