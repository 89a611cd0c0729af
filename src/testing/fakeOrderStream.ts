import { TextEncoder } from 'util';
import type { OrderChangeEventDto } from '@/shared/types/order';

/**
 * An order's event stream faked at the HTTP boundary (`fetch`, which `lib/eventStream.ts` uses): every
 * request is answered with a body the test writes Server-Sent Events into with `send`. Install it with
 * `globalThis.fetch = stream.fetchMock as unknown as typeof fetch` (and restore the real one after).
 */
export function fakeOrderStream() {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let wake: (() => void) | null = null;
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const fetchMock = jest.fn(async (url: string, init: { headers?: Record<string, string>; signal: AbortSignal }) => {
    requests.push({ url, headers: init.headers ?? {} });
    const read = async (): Promise<{ value?: Uint8Array; done: boolean }> => {
      while (!chunks.length) {
        if (init.signal.aborted) return { done: true };
        await new Promise<void>((r) => {
          wake = r;
          init.signal.addEventListener('abort', () => r());
        });
      }
      return { value: chunks.shift(), done: false };
    };
    return { ok: true, status: 200, body: { getReader: () => ({ read }) } };
  });
  return {
    fetchMock,
    requests,
    /** The addresses asked for, in order. */
    get urls() {
      return requests.map((r) => r.url);
    },
    /** One `order` event with the given id. */
    send(data: OrderChangeEventDto, id = '1') {
      chunks.push(encoder.encode(`event: order\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`));
      wake?.();
    },
  };
}
