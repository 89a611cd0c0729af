import { bearerToken } from './apiClient';
import { API_ROOT } from './config';

/** One Server-Sent Event: its `event:` name (`message` when none), its `id:` (null when none) and its `data:` lines joined. */
export interface StreamEvent {
  type: string;
  id: string | null;
  data: string;
}

/** Longest wait between two tries after failures. */
const MAX_DELAY_MS = 30_000;

/** Splits the complete events off the front of `buffer` (blank-line separated); answers the rest. */
export function parseEvents(buffer: string, onEvent: (e: StreamEvent) => void, onRetry: (ms: number) => void = () => undefined): string {
  const text = buffer.replace(/\r\n?/g, '\n');
  let rest = text;
  let cut;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    let type = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
    }
    if (data.length) onEvent({ type, id, data: data.join('\n') });
  }
  return rest;
}

/** Whether this browser can read a response as it streams (else the stream is not opened). */
function canStream(): boolean {
  return typeof fetch === 'function' && typeof TextDecoder === 'function';
}

/**
 * Opens `GET {API_ROOT}{path}` as a Server-Sent Events stream and hands each event to `onEvent`, until
 * the returned function is called. `EventSource` cannot send a bearer token, so this reads the stream
 * with `fetch`, with the API client's token and refresh (`bearerToken`): a 401 renews the token once
 * and opens the stream again; a session that is over ends the stream (and signs out, as every 401).
 * The stream is opened again when the server ends it (it bounds a stream's length) or it fails, after
 * the server's `retry:` or a growing delay (at most 30 s), with `Last-Event-ID` naming the last event
 * seen, so the server can send what came after it. An answer that will not change by asking again
 * (403, 404, another 4xx) ends the stream.
 */
export function openEventStream(path: string, onEvent: (e: StreamEvent) => void): () => void {
  if (!canStream()) return () => undefined;
  const controller = new AbortController();
  let stopped = false;
  let lastEventId: string | null = null;
  let retryMs = 1000;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let failures = 0;
    let token = bearerToken.token();
    while (!stopped) {
      let ended = false;
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        if (token) headers.Authorization = `Bearer ${token}`;
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const res = await fetch(`${API_ROOT}${path}`, { headers, signal: controller.signal, cache: 'no-store' });
        if (res.status === 401 && token) {
          token = await bearerToken.renew(token);
          if (!token) return;
          continue;
        }
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) return;
        if (!res.ok || !res.body) throw new Error(`event stream ${res.status}`);
        failures = 0;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) break;
          buffer = parseEvents(
            buffer + decoder.decode(value, { stream: true }),
            (e) => {
              if (e.id !== null) lastEventId = e.id;
              if (!stopped) onEvent(e);
            },
            (ms) => (retryMs = ms),
          );
        }
        ended = true;
      } catch {
        if (stopped) return;
        failures += 1;
      }
      // The token as it is now (renewed meanwhile by another call, or gone with a sign-out).
      token = bearerToken.token();
      if (!stopped) await sleep(ended ? retryMs : Math.min(MAX_DELAY_MS, retryMs * 2 ** Math.min(failures, 5)));
    }
  };
  void run();
  return () => {
    stopped = true;
    controller.abort();
    wake?.();
  };
}
