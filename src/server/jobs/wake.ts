/**
 * In-process wake-up of the worker: an enqueue nudges it, so work leaves at once instead of on the
 * next poll. The enqueue may sit in a transaction that has not committed yet, so the worker is
 * nudged now and again shortly after; a worker that finds nothing goes back to its poll.
 */
type Listener = () => void;
// Kept on globalThis: Next's bundles of one process (and its dev reloads) share it.
declare global {
  var __labShopJobWake: Set<Listener> | undefined;
}
const holder = globalThis;

function listeners(): Set<Listener> {
  holder.__labShopJobWake ??= new Set();
  return holder.__labShopJobWake;
}

export function onWake(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export function wakeWorkers(): void {
  if (!listeners().size) return;
  for (const delay of [20, 250]) {
    setTimeout(() => {
      for (const l of listeners()) l();
    }, delay).unref();
  }
}
