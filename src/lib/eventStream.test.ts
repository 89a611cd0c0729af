import { TextDecoder, TextEncoder } from 'util';
import { writeStorage, readStorage } from '@/shared/storage';
import { fakeBackend, eventually, type FakeBackend } from '@/testing/fakeBackend';
import { onUnauthorized } from './apiClient';
import { openEventStream, parseEvents, type StreamEvent } from './eventStream';

/**
 * The event stream reads Server-Sent Events with `fetch` (faked here at the HTTP boundary), with the
 * API client's token; a stream the server ends is opened again with `Last-Event-ID`; a 401 renews the
 * token once through the API client's refresh (`POST auth/refresh`, faked on axios) and opens again.
 */
type Answer = { status: number; events?: string[] };

function fakeFetch(answers: Answer[]) {
  const encoder = new TextEncoder();
  const calls: Record<string, string>[] = [];
  const fetchMock = jest.fn(async (_url: string, init: { headers: Record<string, string> }) => {
    calls.push(init.headers);
    const answer = answers.shift() ?? { status: 503 };
    const chunks = (answer.events ?? []).map((e) => encoder.encode(e));
    return {
      ok: answer.status < 300,
      status: answer.status,
      body: { getReader: () => ({ read: async () => (chunks.length ? { value: chunks.shift(), done: false } : { done: true }) }) },
    };
  });
  return { fetchMock, calls };
}

let backend: FakeBackend | null = null;
const realFetch = globalThis.fetch;
beforeAll(() => {
  Object.assign(globalThis, { TextDecoder, TextEncoder });
});
afterEach(() => {
  backend?.restore();
  backend = null;
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

test('parses events split across reads, with ids, several data lines, comments and CRLF', () => {
  const seen: StreamEvent[] = [];
  let retry = 0;
  const rest = parseEvents('retry: 3000\r\n\r\n: keep-alive\n\nevent: order\nid: 4\ndata: {"a":\ndata: 1}\n\nevent: order\nda', (e) => seen.push(e), (ms) => (retry = ms));
  expect(seen).toEqual([{ type: 'order', id: '4', data: '{"a":\n1}' }]);
  expect(retry).toBe(3000);
  expect(rest).toBe('event: order\nda');
});

test('a stream the server ends is opened again with Last-Event-ID; a 401 renews the token once and goes on with the new one', async () => {
  writeStorage('token', 'old');
  backend = fakeBackend({ 'POST auth/refresh': [200, { access_token: 'new' }] });
  const { fetchMock, calls } = fakeFetch([
    { status: 200, events: ['retry: 10\n\n', 'event: order\nid: 7\ndata: {"n":1}\n\n'] },
    { status: 401 },
    { status: 200, events: ['event: order\nid: 8\ndata: {"n":2}\n\n'] },
  ]);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const seen: string[] = [];
  const close = openEventStream('orders/5/events', (e) => seen.push(`${e.id}:${e.data}`));
  await eventually(() => expect(seen).toEqual(['7:{"n":1}', '8:{"n":2}']));
  close();
  expect(calls[0]).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer old' });
  expect(calls[1]).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer old', 'Last-Event-ID': '7' });
  expect(calls[2]).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer new', 'Last-Event-ID': '7' });
  expect(backend.calls('POST auth/refresh')).toHaveLength(1);
  expect(readStorage('token')).toBe('new');
});

test('a session that is over (the refresh refused) ends the stream and signs out, as every 401 does', async () => {
  writeStorage('token', 'old');
  backend = fakeBackend({ 'POST auth/refresh': [401, { error: 'Not authorized' }] });
  const { fetchMock } = fakeFetch([{ status: 401 }, { status: 200 }]);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const signedOut = jest.fn();
  const off = onUnauthorized(signedOut);
  const close = openEventStream('orders/5/events', () => undefined);
  await eventually(() => expect(signedOut).toHaveBeenCalledTimes(1));
  await new Promise((r) => setTimeout(r, 50));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  close();
  off();
});
