import path from 'node:path';
import { parseTrustedProxies, TrustedProxiesError, type TrustedProxies } from './trustedProxies';
import { parseKsef, type KsefConfig } from './ksefConfig';
import { providerOptionsFromEnv } from './payments/registry';

/**
 * Server configuration: read from the environment once, validated, and overridable in tests.
 * Invalid configuration throws an error naming the key, which stops start-up.
 */
export interface ServerConfig {
  port: number;
  /** `sqlite` with an absolute file path, or `postgres` with a connection string. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  /**
   * PostgreSQL only (`DATABASE_MIGRATION_URL`): the owning role that migrates; the app then connects as
   * the role of DATABASE_URL with only the rights it needs (the two-role setup of docs/security.md).
   */
  migrationDatabase?: { kind: 'postgres'; url: string; schema?: string };
  seedDemo: boolean;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** Lifetime of access (bearer) tokens, seconds: 15 minutes unless configured; a refresh renews them. */
  accessTokenTtl: number;
  /** Sign-in sessions of patients and of staff (idle timeout and absolute lifetime, seconds). */
  sessions: { patient: SessionLifetime; staff: SessionLifetime };
  /** Lifetime of e-mail confirmation tokens, seconds. */
  mailTokenTtl: number;
  /** Lifetime of password-reset tokens, seconds (an hour unless configured). */
  resetTokenTtl: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /**
   * Which X-Forwarded-For hops are the operator's proxies (`TRUSTED_PROXIES`: a count, or a list of
   * addresses and networks); null with `TRUST_PROXY=true` means one proxy. See http/clientAddress.ts.
   */
  trustedProxies?: TrustedProxies;
  /** Anti-automation limits (`RATE_LIMIT_*`); `RATE_LIMITS=off` turns them off (the login limit stays). */
  rateLimits: RateLimitConfig;
  /** Hours before the visit start at which the reminder mail goes out. */
  reminderLeadHours: number;
  /** Seconds between in-process runs of due jobs; 0 = off (run `npm run jobs -- --once` from cron instead). */
  jobsIntervalSeconds: number;
  /** Jobs one process runs at the same time (JOBS_CONCURRENCY, default 2). */
  jobsConcurrency: number;
  /** Longest wait between two delivery attempts of a mail, minutes (MAIL_RETRY_MAX_MINUTES, default 2). */
  mailRetryMaxMinutes: number;
  /** SMTP connection, greeting and socket timeouts, milliseconds (SMTP_CONNECTION_TIMEOUT_MS, default 5000). */
  smtpConnectionTimeoutMs: number;
  /** Bearer token of `GET /api/metrics`; null: the metrics are off (404). */
  metricsToken: string | null;
  /** Days that used login attempts, expired tokens and finished jobs are kept before the purge job deletes them. */
  retentionDays: number;
  /** Event streams (GET orders/{id}/events) one process keeps open at most; more are answered 503 (EVENT_STREAMS_MAX, default 1000). */
  eventStreamsMax: number;
  /** Keep rendered public pages for the catalogue's minute (src/server/ssr/renderCache.ts); `RENDER_CACHE=off` renders every request. */
  renderCache: boolean;
  /** Online payment (docs/payments.md). */
  payments: PaymentConfig;
  /** Web Push (docs/notifications.md). */
  push: PushConfig;
  /** Sending invoices to KSeF (docs/invoices.md); null: off (no KSEF_* key set). */
  ksef: KsefConfig | null;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url) and VAPID_SUBJECT; null: generated per machine in development, off in production. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** PUSH_SERVICE_HOSTS: the push services the shop posts to (a host or its subdomains); any other endpoint is refused. */
  serviceHosts: string[];
}

/** The browsers' push services (Chrome, Firefox, Edge, Safari). */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export interface PaymentConfig {
  /**
   * The options of each configured payment provider by its id, as the provider validated them
   * (`payments/registry.ts`: Przelewy24's P24_*, the test provider's PAYMENT_TEST_*); absent: off.
   */
  providers: Record<string, unknown>;
  /** How long an order awaiting online payment holds its slot, minutes (PAYMENT_HOLD_MINUTES, default 30). */
  holdMinutes: number;
}

export interface SessionLifetime {
  /** A session unused for this long ends, seconds. */
  idleSeconds: number;
  /** A session ends this long after the sign-in whatever its use, seconds. */
  absoluteSeconds: number;
}

/** Per client address (`perIp`) and per e-mail or account (`perKey`) within `windowSeconds`. */
export interface RateLimitPair {
  perIp: number;
  perKey: number;
}

export interface RateLimitConfig {
  enabled: boolean;
  windowSeconds: number;
  register: RateLimitPair;
  reset: RateLimitPair;
  activation: RateLimitPair;
  order: RateLimitPair;
  support: RateLimitPair;
  /** Refused promo codes (guesses), per client address and per account. */
  promo: RateLimitPair;
  /** Openings of a share link (page, API, PDF, FHIR), per client address and per link. */
  share: RateLimitPair;
  /** Open orders with a visit still ahead, per account. */
  openVisits: number;
  /** Per client address and per order (`pay`: new payment attempts), account (push subscriptions, invoice requests, event streams opened) or address (payment and refund notifications). */
  pay: RateLimitPair;
  push: RateLimitPair;
  invoice: RateLimitPair;
  events: RateLimitPair;
  notify: RateLimitPair;
}

export class ConfigError extends Error {
  constructor(
    public readonly key: string,
    message: string,
  ) {
    super(`Invalid configuration ${key}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function parseDatabaseUrl(value: string | undefined, cwd: string): ServerConfig['database'] {
  if (!value) return { kind: 'sqlite', file: path.join(cwd, 'data', 'lab-shop.sqlite') };
  if (value.startsWith('file:')) {
    const file = value.slice('file:'.length);
    if (!file) throw new ConfigError('DATABASE_URL', 'file: URL needs a path');
    return { kind: 'sqlite', file: path.resolve(cwd, file) };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      const url = new URL(value);
      const schema = url.searchParams.get('schema') ?? undefined;
      url.searchParams.delete('schema');
      return { kind: 'postgres', url: url.toString(), schema };
    } catch {
      throw new ConfigError('DATABASE_URL', 'not a valid postgres URL');
    }
  }
  throw new ConfigError('DATABASE_URL', 'unknown scheme (use file: or postgres://)');
}

function parseBool(key: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new ConfigError(key, `expected true or false, got "${value}"`);
}

function parseIntKey(key: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(key, `expected a positive integer, got "${value}"`);
  return n;
}

/** on/off (also true/false, 1/0); empty or absent is `fallback`. */
function parseSwitch(key: string, value: string | undefined, fallback: boolean): boolean {
  const v = (value ?? '').toLowerCase();
  if (v === '') return fallback;
  if (['on', 'true', '1'].includes(v)) return true;
  if (['off', 'false', '0'].includes(v)) return false;
  throw new ConfigError(key, `expected on or off, got "${value}"`);
}

function migrationDatabaseOf(env: Env, cwd: string): ServerConfig['migrationDatabase'] {
  if (!env.DATABASE_MIGRATION_URL) return undefined;
  const owner = parseDatabaseUrl(env.DATABASE_MIGRATION_URL, cwd);
  const app = parseDatabaseUrl(env.DATABASE_URL, cwd);
  if (owner.kind !== 'postgres' || app.kind !== 'postgres') throw new ConfigError('DATABASE_MIGRATION_URL', 'is for PostgreSQL only, with DATABASE_URL a postgres URL as well');
  // The schema of DATABASE_URL, if any, is where both work.
  return { ...owner, schema: owner.schema ?? app.schema };
}

function trustedProxiesOf(value: string | undefined): TrustedProxies {
  try {
    return parseTrustedProxies(value);
  } catch (e) {
    if (e instanceof TrustedProxiesError) throw new ConfigError('TRUSTED_PROXIES', e.message.replace(/^TRUSTED_PROXIES: /, ''));
    throw e;
  }
}

function parseRateLimits(env: Env): RateLimitConfig {
  const enabled = parseSwitch('RATE_LIMITS', env.RATE_LIMITS, true);
  const pair = (name: string, key: string, perIp: number, perKey: number): RateLimitPair => ({
    perIp: parseIntKey(`RATE_LIMIT_${name}_PER_IP`, env[`RATE_LIMIT_${name}_PER_IP`], perIp),
    perKey: parseIntKey(`RATE_LIMIT_${name}_PER_${key}`, env[`RATE_LIMIT_${name}_PER_${key}`], perKey),
  });
  return {
    enabled,
    windowSeconds: parseIntKey('RATE_LIMIT_WINDOW', env.RATE_LIMIT_WINDOW, 60 * 60),
    register: pair('REGISTER', 'EMAIL', 10, 3),
    reset: pair('RESET', 'EMAIL', 10, 3),
    activation: pair('ACTIVATION', 'ACCOUNT', 10, 3),
    order: pair('ORDER', 'ACCOUNT', 20, 10),
    support: pair('SUPPORT', 'EMAIL', 5, 5),
    promo: pair('PROMO', 'ACCOUNT', 30, 10),
    share: pair('SHARE', 'LINK', 60, 30),
    openVisits: parseIntKey('RATE_LIMIT_OPEN_VISITS', env.RATE_LIMIT_OPEN_VISITS, 5),
    pay: pair('PAY', 'ORDER', 30, 5),
    push: pair('PUSH', 'ACCOUNT', 30, 20),
    invoice: pair('INVOICE', 'ACCOUNT', 30, 10),
    events: pair('EVENTS', 'ACCOUNT', 240, 120),
    notify: pair('NOTIFY', 'ADDRESS', 600, 600),
  };
}

function parseNonNegativeIntKey(key: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(key, `expected 0 or a positive integer, got "${value}"`);
  return n;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const port = parseIntKey('PORT', env.PORT, 3000);
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL', 'expected smtp:// or smtps://');
  // The .eml outbox is for development: in production mail must reach a real server, unless the
  // outbox is chosen on purpose (benchmarks, demos) with MAIL_OUTBOX=true.
  if (!smtpUrl && env.NODE_ENV === 'production' && !parseBool('MAIL_OUTBOX', env.MAIL_OUTBOX, false)) {
    throw new ConfigError('SMTP_URL', 'required in production (set SMTP_URL=smtp://..., or MAIL_OUTBOX=true to write mail as .eml files under OUTBOX_DIR instead)');
  }
  const appUrl = (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(appUrl);
  } catch {
    throw new ConfigError('APP_URL', 'not a valid URL');
  }
  if (env.NEXT_PUBLIC_CATEGORIES) {
    try {
      const parsed: unknown = JSON.parse(env.NEXT_PUBLIC_CATEGORIES);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    } catch {
      throw new ConfigError('NEXT_PUBLIC_CATEGORIES', 'expected a JSON object of category name to header id');
    }
  }
  return {
    port,
    database: parseDatabaseUrl(env.DATABASE_URL, cwd),
    migrationDatabase: migrationDatabaseOf(env, cwd),
    seedDemo: parseBool('SEED_DEMO', env.SEED_DEMO, true),
    appUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Lab shop <no-reply@localhost>',
    outboxDir: path.resolve(cwd, env.OUTBOX_DIR || path.join('data', 'outbox')),
    accessTokenTtl: parseIntKey('ACCESS_TOKEN_TTL_MINUTES', env.ACCESS_TOKEN_TTL_MINUTES, 15) * 60,
    sessions: {
      patient: {
        idleSeconds: parseIntKey('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 30) * 60,
        absoluteSeconds: parseIntKey('SESSION_ABSOLUTE_HOURS', env.SESSION_ABSOLUTE_HOURS, 12) * 3600,
      },
      staff: {
        idleSeconds: parseIntKey('STAFF_SESSION_IDLE_MINUTES', env.STAFF_SESSION_IDLE_MINUTES, 15) * 60,
        absoluteSeconds: parseIntKey('STAFF_SESSION_ABSOLUTE_HOURS', env.STAFF_SESSION_ABSOLUTE_HOURS, 8) * 3600,
      },
    },
    mailTokenTtl: parseIntKey('MAIL_TOKEN_TTL', env.MAIL_TOKEN_TTL, 60 * 60 * 24),
    resetTokenTtl: parseIntKey('RESET_TOKEN_TTL', env.RESET_TOKEN_TTL, 60 * 60),
    trustProxy: parseBool('TRUST_PROXY', env.TRUST_PROXY, false) || !!(env.TRUSTED_PROXIES ?? '').trim(),
    trustedProxies: trustedProxiesOf(env.TRUSTED_PROXIES),
    rateLimits: parseRateLimits(env),
    reminderLeadHours: parseIntKey('REMINDER_LEAD_HOURS', env.REMINDER_LEAD_HOURS, 24),
    // Tests run due work themselves; a timer would race them.
    jobsIntervalSeconds: parseNonNegativeIntKey('JOBS_INTERVAL_SECONDS', env.JOBS_INTERVAL_SECONDS, env.NODE_ENV === 'test' ? 0 : 60),
    jobsConcurrency: parseIntKey('JOBS_CONCURRENCY', env.JOBS_CONCURRENCY, 2),
    mailRetryMaxMinutes: parseIntKey('MAIL_RETRY_MAX_MINUTES', env.MAIL_RETRY_MAX_MINUTES, 2),
    smtpConnectionTimeoutMs: parseIntKey('SMTP_CONNECTION_TIMEOUT_MS', env.SMTP_CONNECTION_TIMEOUT_MS, 5000),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    retentionDays: parseIntKey('RETENTION_DAYS', env.RETENTION_DAYS, 30),
    eventStreamsMax: parseIntKey('EVENT_STREAMS_MAX', env.EVENT_STREAMS_MAX, 1000),
    renderCache: parseSwitch('RENDER_CACHE', env.RENDER_CACHE, true),
    payments: parsePayments(env),
    ksef: parseKsef(env, (key, message) => new ConfigError(key, message)),
    push: parsePush(env),
  };
}

function parsePush(env: Env): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (!!publicKey !== !!privateKey) throw new ConfigError(publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY', 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (publicKey && !b64url.test(publicKey)) throw new ConfigError('VAPID_PUBLIC_KEY', 'expected base64url (npx web-push generate-vapid-keys)');
  if (privateKey && !b64url.test(privateKey)) throw new ConfigError('VAPID_PRIVATE_KEY', 'expected base64url (npx web-push generate-vapid-keys)');
  const from = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? 'no-reply@localhost';
  const subject = env.VAPID_SUBJECT || `mailto:${from}`;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new ConfigError('VAPID_SUBJECT', 'expected mailto:... or https://...');
  const hosts = (env.PUSH_SERVICE_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return { vapid: publicKey ? { publicKey, privateKey, subject } : null, serviceHosts: hosts.length ? hosts : DEFAULT_PUSH_SERVICE_HOSTS };
}

function parsePayments(env: Env): PaymentConfig {
  const providers = providerOptionsFromEnv(env, env.NODE_ENV === 'production', (key, message) => new ConfigError(key, message));
  return { providers, holdMinutes: parseIntKey('PAYMENT_HOLD_MINUTES', env.PAYMENT_HOLD_MINUTES, 30) };
}

/** A metrics token is a secret: at least 16 characters. */
function parseMetricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 16) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  return value;
}

const holder = globalThis as unknown as { __labShopConfig?: ServerConfig };

/** The configuration of this process, read once. */
export function getConfig(): ServerConfig {
  if (!holder.__labShopConfig) holder.__labShopConfig = loadConfig();
  return holder.__labShopConfig;
}

/** Tests replace parts of the configuration; pass nothing to go back to the environment. */
export function setConfigForTests(overrides?: Partial<ServerConfig>): ServerConfig {
  holder.__labShopConfig = overrides ? { ...loadConfig(), ...overrides } : undefined;
  return getConfig();
}
