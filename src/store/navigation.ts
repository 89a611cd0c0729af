import Router from 'next/router';

/**
 * Client navigation used by sagas (a seam for tests): `navigation.goTo('/')` pushes a route when the
 * Next router exists (in the browser), and does nothing on the server.
 */
export const navigation = {
  async goTo(path: string): Promise<void> {
    if (typeof window === 'undefined' || !Router.router) return;
    await Router.push(path);
  },
};
