import client from 'prom-client';

/**
 * Prometheus metrics (prom-client), served by `GET /api/metrics` with METRICS_TOKEN: HTTP request
 * duration by route and status, mail sent and failed by template, queue depth and failures by job
 * (read from the queue at scrape time), and the process's own metrics.
 */
interface Metrics {
  registry: client.Registry;
  http: client.Histogram<'route' | 'method' | 'status'>;
  mail: client.Counter<'outcome' | 'kind'>;
}

const holder = globalThis as unknown as { __labShopMetrics?: Metrics };

function metrics(): Metrics {
  if (!holder.__labShopMetrics) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const http = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of API requests by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const mail = new client.Counter({ name: 'mail_total', help: 'Mails by outcome of the delivery attempt (sent, failed) and template', labelNames: ['outcome', 'kind'] as const, registers: [registry] });
    holder.__labShopMetrics = { registry, http, mail };
  }
  return holder.__labShopMetrics;
}

export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  metrics().http.observe({ route, method, status: String(status) }, seconds);
}

export function mailCounter(outcome: 'sent' | 'failed', kind: string): void {
  metrics().mail.inc({ outcome, kind });
}

/** The exposition text, with the queue's gauges read now through `readQueue`. */
export async function renderMetrics(readQueue: () => Promise<{ jobs: { name: string; state: string; n: number }[]; mail: { status: string; n: number }[] }>): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  const { jobs, mail } = await readQueue();
  const depth = new client.Gauge({ name: 'jobs', help: 'Jobs in the queue by name and state (pending, running, retrying, failed = dead-lettered)', labelNames: ['name', 'state'] as const, registers: [] });
  for (const j of jobs) if (j.state !== 'done' && j.state !== 'cancelled') depth.set({ name: j.name, state: j.state }, j.n);
  const outbox = new client.Gauge({ name: 'mail_outbox', help: 'Mails of the outbox by status', labelNames: ['status'] as const, registers: [] });
  for (const r of mail) outbox.set({ status: r.status }, r.n);
  const merged = client.Registry.merge([m.registry, new client.Registry()]);
  merged.registerMetric(depth);
  merged.registerMetric(outbox);
  return { contentType: m.registry.contentType, body: await merged.metrics() };
}
