import Router from 'next/router';

export type Query = Record<string, string | string[] | undefined>;

export interface Location {
  /** Next's page path template, e.g. `/add-to-cart/[addableType]/[addableId]`. */
  pathname: string;
  query: Query;
}

/**
 * Navigation used by the auth saga (a seam for tests): where the user is, and moving on after login
 * or register. Does nothing on the server.
 */
export const authNavigation = {
  location(): Location | null {
    if (typeof window === 'undefined' || !Router.router) return null;
    return { pathname: Router.pathname, query: Router.query };
  },
  async replace(location: Location): Promise<void> {
    if (typeof window === 'undefined' || !Router.router) return;
    await Router.replace({ pathname: location.pathname, query: location.query });
  },
  async push(path: string): Promise<void> {
    if (typeof window === 'undefined' || !Router.router) return;
    await Router.push(path);
  },
};

/**
 * Where to go after a successful login or register (spec §4): home, or, inside the add-to-cart flow
 * (an `addableFlowPage` query), the same page with `addableFlowPage=addPatients`.
 */
export function afterAuthTarget(location: Location | null): { replace: Location } | { push: string } {
  if (!location || location.query.addableFlowPage === undefined) return { push: '/' };
  return { replace: { pathname: location.pathname, query: { ...location.query, addableFlowPage: 'addPatients' } } };
}
