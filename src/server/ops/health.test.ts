import { getConfig, setConfigForTests } from '../config';
import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';
import { queueMail } from '../mail/queueMail';
import { inWriteTransaction } from '@/server/db/transactions';

/** Readiness and the Prometheus metrics, as an orchestrator and a scraper see them. */
let db: TestDb;
let api: TestApiServer;
const TOKEN = 'metrics-token-for-the-tests';

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await db.cleanup();
});

test('liveness and readiness answer ok while the database and the queue answer', async () => {
  expect((await api.call('GET', '/api/health')).body).toEqual({ status: 'ok' });
  const ready = await api.call('GET', '/api/health/ready');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });
});

test('the metrics are off without METRICS_TOKEN, and need the token when it is set', async () => {
  setConfigForTests({ ...getConfig(), metricsToken: null });
  expect((await api.call('GET', '/api/metrics')).status).toBe(404);
  setConfigForTests({ ...getConfig(), metricsToken: TOKEN });
  expect((await api.call('GET', '/api/metrics')).status).toBe(401);
  expect((await api.call('GET', '/api/metrics', { headers: { Authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
});

test('the metrics show request durations by route, the queue by job and state, and the outbox', async () => {
  setConfigForTests({ ...getConfig(), metricsToken: TOKEN, smtpUrl: 'smtp://127.0.0.1:1' });
  await inWriteTransaction(db.db, (trx) => queueMail(trx, { kind: 'support', to: 'lab@example.test', subject: 's', text: 't' }));
  await api.call('GET', '/api/backend/laboratories/12345');
  const res = await fetch(`${api.url}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/backend\/laboratories\/\[id\]",method="GET",status="\d+"\} 1/);
  // The mail could not be delivered (nothing listens on port 1): one failed attempt, the mail waits for its retry.
  expect(text).toMatch(/mail_total\{outcome="failed",kind="support"\} 1/);
  expect(text).toMatch(/mail_outbox\{status="queued"\} 1/);
  expect(text).toMatch(/jobs\{name="mail-send",state="pending"\} 1/);
  expect(text).toContain('process_resident_memory_bytes');
});

test('5,000 requests to random paths leave the metrics the same size: labels are route patterns', async () => {
  setConfigForTests({ ...getConfig(), metricsToken: TOKEN });
  const scrape = async () => (await fetch(`${api.url}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  // Every label that will be used exists once, then the size is measured.
  await api.call('GET', '/api/backend/labService/warmup', { settle: false });
  await api.call('GET', '/api/backend/labService/warmup/x', { settle: false });
  const before = (await scrape()).length;
  for (let i = 0; i < 5000; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, k) => {
        const n = i + k;
        // A dynamic segment of a real route, and paths no route serves.
        return fetch(`${api.url}${n % 2 ? `/api/backend/labService/card${n}` : `/api/backend/labService/card${n}/x${n}`}`).then((r) => r.arrayBuffer());
      }),
    );
  }
  const text = await scrape();
  expect(Math.abs(text.length - before)).toBeLessThan(4096);
  expect(text).toMatch(/route="\/api\/backend\/labService\/\[analysisId\]"/);
  expect(text).not.toMatch(/card\d/);
}, 120_000);
