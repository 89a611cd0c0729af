import crypto from 'node:crypto';
import { isValidNip } from '@/shared/nip';

/** The KSeF settings of the server configuration (config.ts; docs/invoices.md, "Settings"). */
type Env = Record<string, string | undefined>;

export type KsefEnv = 'test' | 'demo' | 'prod';

export interface KsefConfig {
  /** KSEF_ENV: the KSeF environment; it picks the API base and the address of the verification QR codes. */
  env: KsefEnv;
  /** KSEF_BASE_URL, else the environment's API (KSEF_API_BASES). */
  baseUrl: string;
  /** KSEF_TOKEN: the seller's KSeF token (a secret; never stored in the database). */
  token: string;
  /** KSEF_NIP: the NIP of the context the token authenticates in. */
  nip: string;
  /** KSEF_PUBLIC_KEY_PEM: the Ministry's public key (PEM key or certificate); null: fetched from /security/public-key-certificates. */
  publicKeyPem: string | null;
}

/** The API of each KSeF environment (open-api.json `servers`, srodowiska.md). */
export const KSEF_API_BASES: Record<KsefEnv, string> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  prod: 'https://api.ksef.mf.gov.pl/v2',
};

/**
 * KSeF settings: off when no KSEF_* key is set; any one set makes KSEF_ENV, KSEF_TOKEN and KSEF_NIP
 * required, so a partial set stops start-up instead of sending nothing. The keys of the former
 * adapter (KSEF_ENABLED, KSEF_API_URL, KSEF_TOKEN_FILE) are refused with the name of their successor.
 */
export function parseKsef(env: Env, fail: (key: string, message: string) => Error): KsefConfig | null {
  const replaced: Record<string, string> = { KSEF_ENABLED: 'KSEF_ENV', KSEF_API_URL: 'KSEF_BASE_URL', KSEF_TOKEN_FILE: 'KSEF_TOKEN' };
  for (const [old, now] of Object.entries(replaced)) if (env[old]) throw fail(old, `no longer read; set ${now} instead (docs/invoices.md)`);
  const keys = ['KSEF_ENV', 'KSEF_BASE_URL', 'KSEF_TOKEN', 'KSEF_NIP', 'KSEF_PUBLIC_KEY_PEM'] as const;
  if (!keys.some((k) => env[k])) return null;
  const given = keys.filter((k) => env[k]).join(', ');
  for (const k of ['KSEF_ENV', 'KSEF_TOKEN', 'KSEF_NIP'] as const) if (!env[k]) throw fail(k, `required when any KSeF setting is set (set: ${given})`);
  const kenv = env.KSEF_ENV as KsefEnv;
  if (!(kenv in KSEF_API_BASES)) throw fail('KSEF_ENV', 'expected test, demo or prod');
  const baseUrl = (env.KSEF_BASE_URL || KSEF_API_BASES[kenv]).replace(/\/+$/, '');
  try {
    if (!/^https?:$/.test(new URL(baseUrl).protocol)) throw new Error('scheme');
  } catch {
    throw fail('KSEF_BASE_URL', 'not a valid http(s) URL');
  }
  const nip = env.KSEF_NIP as string;
  if (!isValidNip(nip) || !/^\d{10}$/.test(nip)) throw fail('KSEF_NIP', 'expected the ten digits of a valid NIP');
  const pem = env.KSEF_PUBLIC_KEY_PEM ? env.KSEF_PUBLIC_KEY_PEM.replace(/\\n/g, '\n') : null;
  if (pem) {
    try {
      publicKeyOfPem(pem);
    } catch {
      throw fail('KSEF_PUBLIC_KEY_PEM', 'not a PEM public key or certificate');
    }
  }
  return { env: kenv, baseUrl, token: env.KSEF_TOKEN as string, nip, publicKeyPem: pem };
}

/** The public key of a PEM public key or X.509 certificate. */
export function publicKeyOfPem(pem: string): crypto.KeyObject {
  return pem.includes('CERTIFICATE') ? new crypto.X509Certificate(pem).publicKey : crypto.createPublicKey(pem);
}

