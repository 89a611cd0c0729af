import { log } from '../log';
import { stopWorker } from './worker';

/**
 * SIGTERM (and SIGINT) drain the job worker first: no new job is taken, running ones finish (pg-boss
 * releases those still running after its timeout, to be retried elsewhere); then the listeners that
 * were there before -- Next's own, which stops taking requests, waits for those in flight and exits
 * -- run as usual.
 */
const DRAIN_TIMEOUT_MS = 20_000;
// Kept on globalThis: Next's bundles of one process (and its dev reloads) share it.
declare global {
  var __labShopDrainInstalled: boolean | undefined;
}
const holder = globalThis;

export function drainJobsOnShutdown(): void {
  if (holder.__labShopDrainInstalled) return;
  holder.__labShopDrainInstalled = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const before = process.listeners(signal);
    process.removeAllListeners(signal);
    process.once(signal, () => {
      log().info({ signal }, 'Draining the job worker');
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref());
      void Promise.race([stopWorker(), timeout])
        .catch((e: unknown) => log().error({ err: e }, 'Draining the job worker failed'))
        .finally(() => {
          if (!before.length) process.exit(signal === 'SIGTERM' ? 143 : 130);
          for (const l of before) (l as (s: NodeJS.Signals) => void)(signal);
        });
    });
  }
}
