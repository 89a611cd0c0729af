import { register } from '../../../instrumentation';

/**
 * F14 at start-up: production with the test payment provider switched on prints one line saying that
 * orders can be paid without money; without it, nothing; the test provider beside Przelewy24 in
 * production is refused (the server does not start, the error names both settings).
 */
jest.mock('../ssr/wholePageStreaming', () => ({ renderWholePagesInPlace: jest.fn() }));
jest.mock('../jobs/shutdown', () => ({ drainJobsOnShutdown: jest.fn() }));

const env = process.env as Record<string, string | undefined>;
const KEYS = ['NEXT_RUNTIME', 'NODE_ENV', 'MAIL_OUTBOX', 'PAYMENT_TEST_PROVIDER', 'PAYMENT_TEST_SECRET', 'P24_MERCHANT_ID', 'P24_API_KEY', 'P24_CRC'];
const saved = Object.fromEntries(KEYS.map((k) => [k, env[k]]));

async function start(settings: Record<string, string>) {
  for (const k of KEYS) delete env[k];
  Object.assign(env, { NEXT_RUNTIME: 'nodejs', MAIL_OUTBOX: 'true' }, settings);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  try {
    await register();
    return { warned: warn.mock.calls.map((c) => String(c[0])), errors: error.mock.calls.map((c) => String(c[0])), exitCodes: exit.mock.calls.map((c) => c[0]) };
  } finally {
    warn.mockRestore();
    error.mockRestore();
    exit.mockRestore();
  }
}

afterAll(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete env[k];
    else env[k] = saved[k];
  }
});

test('production with the test provider on: one start-up line says test payments are on and where to see it', async () => {
  const run = await start({ NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true', PAYMENT_TEST_SECRET: 'a-long-test-secret-1234' });
  expect(run.exitCodes).toEqual([]);
  expect(run.warned.filter((l) => /Test payments are ON/.test(l))).toEqual([
    'Test payments are ON (PAYMENT_TEST_PROVIDER): orders can be paid without money; /api/health/ready reports testPayments: true',
  ]);
});

test('production without the test provider, and development with it: no such line', async () => {
  expect((await start({ NODE_ENV: 'production' })).warned.filter((l) => /Test payments/.test(l))).toEqual([]);
  const dev = await start({ NODE_ENV: 'development', PAYMENT_TEST_PROVIDER: 'true', PAYMENT_TEST_SECRET: 'a-long-test-secret-1234' });
  expect([dev.exitCodes, dev.warned.filter((l) => /Test payments/.test(l))]).toEqual([[], []]);
});

test('production with the test provider beside Przelewy24, or without its secret: the server refuses to start, naming the settings', async () => {
  const both = await start({ NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true', PAYMENT_TEST_SECRET: 'a-long-test-secret-1234', P24_MERCHANT_ID: '11111', P24_API_KEY: 'k', P24_CRC: 'c' });
  expect(both.exitCodes).toEqual([1]);
  expect(both.errors.join('\n')).toMatch(/PAYMENT_TEST_PROVIDER.*P24_MERCHANT_ID/);
  const noSecret = await start({ NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true' });
  expect(noSecret.exitCodes).toEqual([1]);
  expect(noSecret.errors.join('\n')).toMatch(/PAYMENT_TEST_SECRET/);
});
