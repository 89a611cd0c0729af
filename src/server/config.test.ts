import { ConfigError, loadConfig } from './config';

/** Start-up configuration rules of mail and scheduled work. */
test('production without SMTP_URL is refused with an error naming SMTP_URL, unless the outbox is chosen on purpose', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
  expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25' }).smtpUrl).toBe('smtp://127.0.0.1:25');
  expect(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: 'true' }).smtpUrl).toBeNull();
  expect(() => loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: 'maybe' })).toThrow(/MAIL_OUTBOX/);
  // Development keeps the .eml outbox without asking.
  expect(loadConfig({ NODE_ENV: 'development' }).smtpUrl).toBeNull();
});

test('reminder lead time, job interval and retention are validated', () => {
  expect(loadConfig({}).reminderLeadHours).toBe(24);
  expect(loadConfig({ REMINDER_LEAD_HOURS: '12' }).reminderLeadHours).toBe(12);
  expect(() => loadConfig({ REMINDER_LEAD_HOURS: '-1' })).toThrow(/REMINDER_LEAD_HOURS/);
  expect(() => loadConfig({ REMINDER_LEAD_HOURS: 'soon' })).toThrow(/REMINDER_LEAD_HOURS/);
  expect(loadConfig({ JOBS_INTERVAL_SECONDS: '0' }).jobsIntervalSeconds).toBe(0);
  expect(loadConfig({ NODE_ENV: 'development' }).jobsIntervalSeconds).toBe(60);
  expect(() => loadConfig({ JOBS_INTERVAL_SECONDS: '1.5' })).toThrow(/JOBS_INTERVAL_SECONDS/);
  expect(() => loadConfig({ RETENTION_DAYS: '0' })).toThrow(/RETENTION_DAYS/);
});

test('the render cache is on unless RENDER_CACHE says off; anything else is refused with its name', () => {
  expect(loadConfig({}).renderCache).toBe(true);
  expect(loadConfig({ RENDER_CACHE: 'on' }).renderCache).toBe(true);
  expect(loadConfig({ RENDER_CACHE: 'OFF' }).renderCache).toBe(false);
  expect(loadConfig({ RENDER_CACHE: '0' }).renderCache).toBe(false);
  expect(() => loadConfig({ RENDER_CACHE: 'sometimes' })).toThrow(/RENDER_CACHE/);
});

test('the queue and mail settings are validated, and the metrics are off without a long enough token', () => {
  const c = loadConfig({});
  expect([c.jobsConcurrency, c.mailRetryMaxMinutes, c.smtpConnectionTimeoutMs, c.metricsToken]).toEqual([2, 2, 5000, null]);
  expect(loadConfig({ JOBS_CONCURRENCY: '4', MAIL_RETRY_MAX_MINUTES: '5', SMTP_CONNECTION_TIMEOUT_MS: '3000' })).toMatchObject({ jobsConcurrency: 4, mailRetryMaxMinutes: 5, smtpConnectionTimeoutMs: 3000 });
  expect(() => loadConfig({ JOBS_CONCURRENCY: '0' })).toThrow(/JOBS_CONCURRENCY/);
  expect(() => loadConfig({ MAIL_RETRY_MAX_MINUTES: 'soon' })).toThrow(/MAIL_RETRY_MAX_MINUTES/);
  expect(() => loadConfig({ SMTP_CONNECTION_TIMEOUT_MS: '-5' })).toThrow(/SMTP_CONNECTION_TIMEOUT_MS/);
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).metricsToken).toBe('a-long-enough-metrics-token');
});

describe('payment settings', () => {
  const prod = { NODE_ENV: 'production', MAIL_OUTBOX: 'true' };
  test('the test provider is on by default outside production and off in production', () => {
    expect(loadConfig({}).payments.providers.test).toBeDefined();
    expect(loadConfig(prod).payments.providers.test).toBeUndefined();
  });
  test('production with the test provider needs it set explicitly and a secret of 16+ characters', () => {
    expect(() => loadConfig({ ...prod, PAYMENT_TEST_PROVIDER: 'true' })).toThrow(/PAYMENT_TEST_SECRET/);
    expect(loadConfig({ ...prod, PAYMENT_TEST_PROVIDER: 'true', PAYMENT_TEST_SECRET: 'x'.repeat(16) }).payments.providers.test).toEqual({ secret: 'x'.repeat(16) });
    // F14: never free test payments beside real ones in production.
    expect(() => loadConfig({ ...prod, PAYMENT_TEST_PROVIDER: 'true', PAYMENT_TEST_SECRET: 'x'.repeat(16), P24_MERCHANT_ID: '11111', P24_API_KEY: 'k', P24_CRC: 'c' })).toThrow(/PAYMENT_TEST_PROVIDER.*P24_MERCHANT_ID/);
    expect(loadConfig({ PAYMENT_TEST_PROVIDER: 'true', P24_MERCHANT_ID: '11111', P24_API_KEY: 'k', P24_CRC: 'c' }).payments.providers.p24).toBeDefined();
  });
  test('Przelewy24 needs its keys once the merchant id is set; the sandbox is the default base URL', () => {
    expect(loadConfig({}).payments.providers.p24).toBeUndefined();
    expect(() => loadConfig({ P24_MERCHANT_ID: '1234' })).toThrow(/P24_API_KEY/);
    expect(() => loadConfig({ P24_MERCHANT_ID: '1234', P24_API_KEY: 'k' })).toThrow(/P24_CRC/);
    expect(() => loadConfig({ P24_MERCHANT_ID: 'abc', P24_API_KEY: 'k', P24_CRC: 'c' })).toThrow(/P24_MERCHANT_ID/);
    expect(loadConfig({ P24_MERCHANT_ID: '1234', P24_API_KEY: 'k', P24_CRC: 'c' }).payments.providers.p24).toEqual({ baseUrl: 'https://sandbox.przelewy24.pl', merchantId: 1234, posId: 1234, apiKey: 'k', crc: 'c' });
    expect(() => loadConfig({ P24_BASE_URL: 'ftp://x' })).toThrow(/P24_BASE_URL/);
  });
  test('PAYMENT_HOLD_MINUTES is a positive integer, 30 by default', () => {
    expect(loadConfig({}).payments.holdMinutes).toBe(30);
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: '0' })).toThrow(/PAYMENT_HOLD_MINUTES/);
  });
});

test('TRUSTED_PROXIES is a count or a list of addresses and networks, and implies TRUST_PROXY', () => {
  expect(loadConfig({ TRUSTED_PROXIES: '2' })).toMatchObject({ trustProxy: true, trustedProxies: 2 });
  expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1' }).trustProxy).toBe(true);
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.example' })).toThrow(/TRUSTED_PROXIES/);
});
