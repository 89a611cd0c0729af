/** HTTP load with autocannon: requests per second and latency percentiles of one URL. */
import autocannon from 'autocannon';

export interface LoadResult {
  url: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, opts: { connections?: number; seconds?: number; amount?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const connections = opts.connections ?? 20;
  const result = await autocannon({
    url,
    connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? 10 }),
    headers: opts.headers,
    timeout: 30,
  });
  const l = result.latency as unknown as Record<string, number>;
  return {
    url,
    connections,
    rps: result.requests.average,
    p50: l.p50 ?? 0,
    p95: l.p97_5 !== undefined && l.p95 === undefined ? l.p97_5 : (l.p95 ?? 0),
    p99: l.p99 ?? 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A few requests first so the server has compiled and cached what the measured run uses. */
export async function warm(url: string, headers?: Record<string, string>): Promise<void> {
  await autocannon({ url, connections: 2, amount: 50, headers });
}
