import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { PushPayload } from '@/shared/types/notifications';

/*
 * public/sw.js run in a fake service worker global: what a push shows and where a click leads.
 */
const SOURCE = fs.readFileSync(path.join(process.cwd(), 'public/sw.js'), 'utf8');
const ORIGIN = 'https://shop.example.com';

interface FakeWindow {
  url: string;
  focus: jest.Mock;
  navigate: jest.Mock;
}

function worker(windows: FakeWindow[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const showNotification = jest.fn(async () => undefined);
  const openWindow = jest.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { claim: jest.fn(async () => undefined), matchAll: jest.fn(async () => windows), openWindow },
    skipWaiting: jest.fn(),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  };
  vm.runInNewContext(SOURCE, { self, URL });
  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => void (work = p) });
    await work;
  };
  const push = (data: unknown) => fire('push', { data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });
  const click = (url: unknown) => fire('notificationclick', { notification: { data: { url }, close: jest.fn() } });
  return { push, click, showNotification, openWindow };
}

const openWindow = (url: string): FakeWindow => {
  const w: FakeWindow = { url, focus: jest.fn(async () => w), navigate: jest.fn(async () => w) };
  return w;
};

test('a push shows its title and line with the tag, the shop icon and the page to open', async () => {
  const w = worker();
  const payload: PushPayload = { title: 'Your nurse is on the way', body: 'Arriving 8:10-8:40', url: '/orders/12', tag: 'visit-12' };
  await w.push(payload);
  expect(w.showNotification).toHaveBeenCalledWith('Your nurse is on the way', { body: 'Arriving 8:10-8:40', tag: 'visit-12', data: { url: '/orders/12' }, icon: '/icon-192.png' });
});

test('a push that points elsewhere or is not JSON still shows, and leads only into the shop', async () => {
  const w = worker();
  const elsewhere: PushPayload = { title: 'New results are ready in your account', body: '', url: 'https://evil.example.com/phish', tag: 'r' };
  await w.push(elsewhere);
  expect(w.showNotification).toHaveBeenLastCalledWith('New results are ready in your account', expect.objectContaining({ data: { url: '/' } }));
  await w.push({ title: 'x', body: 'y', url: 'javascript:alert(1)', tag: 't' });
  expect(w.showNotification).toHaveBeenLastCalledWith('x', expect.objectContaining({ data: { url: '/' } }));
  await w.push('not json');
  expect(w.showNotification).toHaveBeenCalledTimes(3);
});

test("a click focuses the shop's window already on that page", async () => {
  const page = openWindow(`${ORIGIN}/orders/12`);
  const w = worker([page]);
  await w.click('/orders/12');
  expect(page.focus).toHaveBeenCalled();
  expect(page.navigate).not.toHaveBeenCalled();
  expect(w.openWindow).not.toHaveBeenCalled();
});

test('a click brings an open window of the shop to the page, or opens one', async () => {
  const other = openWindow(`${ORIGIN}/catalogue`);
  const w = worker([openWindow('https://elsewhere.example.com/'), other]);
  await w.click('/orders/12');
  expect(other.focus).toHaveBeenCalled();
  expect(other.navigate).toHaveBeenCalledWith(`${ORIGIN}/orders/12`);

  const none = worker([]);
  await none.click('https://evil.example.com/');
  expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
});
