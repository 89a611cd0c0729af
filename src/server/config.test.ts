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

test('TRUSTED_PROXIES is a count or a list of addresses and networks, and implies TRUST_PROXY', () => {
  expect(loadConfig({ TRUSTED_PROXIES: '2' })).toMatchObject({ trustProxy: true, trustedProxies: 2 });
  expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1' }).trustProxy).toBe(true);
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.example' })).toThrow(/TRUSTED_PROXIES/);
});
