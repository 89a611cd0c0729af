import Router from 'next/router';
import { routes } from '@/lib/routes';

/** Queries of the add-to-cart flow (spec §2), stripped on reload when the flow is not active. */
export const ADD_FLOW_QUERY_KEYS = ['analysisId', 'profileId', 'addableFlowPage'] as const;

/** The query without the add-flow keys, or null when there is nothing to strip or the flow is active. */
export function strippedAddFlowQuery(pathname: string, query: Record<string, string | string[] | undefined>): Record<string, string | string[] | undefined> | null {
  if (pathname === routes.addToCart.path) return null;
  // Dynamic route parameters (e.g. `/profiles/[profileId]`) are part of the path and stay.
  const params = new Set([...pathname.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
  const strip = (k: string) => (ADD_FLOW_QUERY_KEYS as readonly string[]).includes(k) && !params.has(k);
  if (!Object.keys(query).some(strip)) return null;
  return Object.fromEntries(Object.entries(query).filter(([k]) => !strip(k)));
}

/** Runs once on start-up (a reload) in the browser. */
export async function stripAddFlowQueryOnReload(): Promise<void> {
  if (typeof window === 'undefined' || !Router.router) return;
  const next = strippedAddFlowQuery(Router.pathname, Router.query);
  if (next) await Router.replace({ pathname: Router.pathname, query: next }, undefined, { shallow: true });
}
