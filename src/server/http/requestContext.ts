import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the services may know of the request they serve without it being passed down every call: the
 * client address (for the audit trail). Set by the route around its handler; absent in jobs and
 * command-line tools.
 */
interface RequestContext {
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function withRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The client address of the request being served, if any. */
export function requestIp(): string | undefined {
  return storage.getStore()?.ip;
}
