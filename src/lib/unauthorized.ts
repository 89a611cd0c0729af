/** Who hears that the session is over: every 401 no refresh could cure (lib/axiosClients.ts, the event stream) tells them. */
const unauthorizedListeners = new Set<() => void>();

/**
 * Every 401 answer to a request that carried the user's token, whoever made the call (a saga, a
 * component saving the language, a file download), reaches these listeners; the store signs the
 * user out (spec §4, §8). Returns the unsubscribe function.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Tells every listener that the session is over (a 401 that no refresh could cure). */
export function notifyUnauthorized(): void {
  for (const listener of [...unauthorizedListeners]) listener();
}
