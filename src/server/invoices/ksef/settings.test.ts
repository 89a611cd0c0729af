import crypto from 'node:crypto';
import { ConfigError, loadConfig } from '@/server/config';

/** The KSeF settings at start-up: off when unset, complete or refused, the former keys refused by name. */
const base = { NODE_ENV: 'test' };
const pem = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

test('off when no KSEF_* key is set', () => {
  expect(loadConfig(base).ksef).toBeNull();
});

test('a complete set: the environment picks the API; KSEF_BASE_URL overrides it; the PEM is read', () => {
  expect(loadConfig({ ...base, KSEF_ENV: 'demo', KSEF_TOKEN: 'tok', KSEF_NIP: '5250000015' }).ksef).toEqual({
    env: 'demo',
    baseUrl: 'https://api-demo.ksef.mf.gov.pl/v2',
    token: 'tok',
    nip: '5250000015',
    publicKeyPem: null,
  });
  const own = loadConfig({ ...base, KSEF_ENV: 'prod', KSEF_TOKEN: 'tok', KSEF_NIP: '5250000015', KSEF_BASE_URL: 'http://127.0.0.1:9/v2/', KSEF_PUBLIC_KEY_PEM: pem.replace(/\n/g, '\\n') }).ksef;
  expect([own?.baseUrl, own?.env, own?.publicKeyPem]).toEqual(['http://127.0.0.1:9/v2', 'prod', pem]);
});

test.each([
  [{ KSEF_TOKEN: 'tok' }, 'KSEF_ENV'],
  [{ KSEF_ENV: 'test', KSEF_NIP: '5250000015' }, 'KSEF_TOKEN'],
  [{ KSEF_ENV: 'test', KSEF_TOKEN: 'tok' }, 'KSEF_NIP'],
  [{ KSEF_ENV: 'staging', KSEF_TOKEN: 'tok', KSEF_NIP: '5250000015' }, 'KSEF_ENV'],
  [{ KSEF_ENV: 'test', KSEF_TOKEN: 'tok', KSEF_NIP: '1234567890' }, 'KSEF_NIP'],
  [{ KSEF_ENV: 'test', KSEF_TOKEN: 'tok', KSEF_NIP: '5250000015', KSEF_BASE_URL: 'ftp://x' }, 'KSEF_BASE_URL'],
  [{ KSEF_ENV: 'test', KSEF_TOKEN: 'tok', KSEF_NIP: '5250000015', KSEF_PUBLIC_KEY_PEM: 'not a key' }, 'KSEF_PUBLIC_KEY_PEM'],
  [{ KSEF_ENABLED: 'true' }, 'KSEF_ENABLED'],
  [{ KSEF_API_URL: 'https://x' }, 'KSEF_API_URL'],
  [{ KSEF_ENV: 'test', KSEF_TOKEN: 'tok', KSEF_NIP: '5250000015', KSEF_TOKEN_FILE: '/run/token' }, 'KSEF_TOKEN_FILE'],
])('%j stops start-up naming %s', (env, key) => {
  let error: unknown;
  try {
    loadConfig({ ...base, ...env });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).key).toBe(key);
});
