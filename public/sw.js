/*
 * The shop's service worker: it only shows Web Push notifications and opens the shop when one is
 * clicked. No caching, no fetch handler: pages and the API go to the network as without it.
 * A push's payload is JSON `{title, body, url, tag}` (src/lib/types/notifications.ts, PushPayload);
 * it never holds an analysis name, a value or a patient's name.
 */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path of this shop ('/orders/12'), or '/' for anything else (another site, a protocol, garbage). */
function samePath(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Lab shop';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    data: { url: samePath(payload.url) },
    // A PNG: browsers do not draw an SVG as a notification's icon everywhere (Chrome on Android).
    icon: '/icon-192.png',
  };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = samePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const target = new URL(path, self.location.origin).href;
      const exact = windows.find((w) => w.url === target);
      if (exact) return exact.focus();
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        try {
          return await focused.navigate(target);
        } catch {
          // A window this worker does not control cannot be navigated from here.
          return self.clients.openWindow(target);
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
