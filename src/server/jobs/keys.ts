import crypto from 'node:crypto';

/** A stable UUID for a job's name and idempotency key: the same enqueue twice is the same job. */
export function jobUuid(name: string, key: string): string {
  const h = crypto.createHash('sha256').update(`${name}\u0000${key}`).digest();
  h[6] = ((h[6] as number) & 0x0f) | 0x50;
  h[8] = ((h[8] as number) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** A job without a key of its own gets a random one (enqueued once, as asked). */
export function randomKey(): string {
  return crypto.randomUUID();
}

/** An error as staff may see it: its first line, without addresses, tokens or long numbers. */
export function safeError(e: unknown): string {
  const raw = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error';
  return (raw.split('\n')[0] ?? '')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '<address>')
    .replace(/\b[A-Za-z0-9_-]{24,}\b/g, '<redacted>')
    .replace(/\b\d{6,}\b/g, '<number>')
    .slice(0, 300);
}
