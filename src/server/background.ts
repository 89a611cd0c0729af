import { log } from './log';
/**
 * Work done after the answer has been sent (e.g. a mail whose timing must not show in the answer).
 * Failures are logged, never answered. Tests wait for it with `backgroundSettled`.
 */
const pending = new Set<Promise<void>>();

export function afterResponse(label: string, work: () => Promise<void>): void {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((e: unknown) => log().error({ err: e, task: label }, 'Background task failed'))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/**
 * Resolves once every task started so far (and any they started) has finished and, for tests and
 * processes without a worker, every job due now (mail among them) has run.
 */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
  const [{ getDb }, { runJobsOnce }] = await Promise.all([import('./db/createDb'), import('./jobList')]);
  const db = await getDb();
  for (let i = 0; i < 10; i++) {
    const r = await runJobsOnce(db);
    if (!r.done && !r.retried && !r.failed) break;
  }
}
