import { useEffect, useState } from 'react';
import { API_ROOT } from '@/lib/config';
import { readStorage } from '@/shared/storage';
import { backendClient } from '@/lib/apiClient';
import type { OrderDetailDto, OrderStatusDto, VisitTrackingDto } from '@/shared/types/results';

/**
 * The order's status and visit, live: reads `GET orders/{id}/events` (Server-Sent Events) with
 * `fetch` streaming, since `EventSource` cannot send the bearer token; reconnects with a growing
 * delay; where streaming fails (an old browser, a proxy that buffers), polls `GET orders/{id}` every
 * 30 seconds instead.
 */
export interface LiveOrder {
  status: OrderStatusDto;
  visit: VisitTrackingDto;
}

const POLL_MS = 30_000;

function parseBlocks(buffer: string, onEvent: (data: LiveOrder) => void): string {
  let rest = buffer;
  let cut;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const data = block.split('\n').find((l) => l.startsWith('data: '));
    if (data && block.includes('event: order')) onEvent(JSON.parse(data.slice(6)) as LiveOrder);
  }
  return rest;
}

export function useOrderEvents(order: OrderDetailDto): LiveOrder {
  // What the stream or the poll brought last; before that, the order as loaded.
  const [live, setLive] = useState<LiveOrder | null>(null);

  useEffect(() => {
    let stopped = false;
    const controller = new AbortController();
    let failures = 0;
    let poller: ReturnType<typeof setInterval> | null = null;
    const poll = () => {
      poller ??= setInterval(() => {
        backendClient
          .get<OrderDetailDto>(`orders/${order.id}`)
          .then(({ data }) => !stopped && setLive({ status: data.status, visit: data.visit }))
          .catch(() => undefined);
      }, POLL_MS);
    };
    const connect = async () => {
      while (!stopped) {
        try {
          const token = readStorage('token');
          const res = await fetch(`${API_ROOT}orders/${order.id}/events`, {
            headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            signal: controller.signal,
            cache: 'no-store',
          });
          if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
          failures = 0;
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer = parseBlocks(buffer + decoder.decode(value, { stream: true }), (data) => setLive(data));
          }
        } catch {
          if (stopped) return;
          failures += 1;
          if (failures >= 3) poll();
        }
        // Reconnect after a stream ended (the server bounds its length) or failed.
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5))));
      }
    };
    if (typeof fetch === 'function' && typeof ReadableStream !== 'undefined') void connect();
    else poll();
    return () => {
      stopped = true;
      controller.abort();
      if (poller) clearInterval(poller);
    };
  }, [order.id]);
  return live ?? { status: order.status, visit: order.visit };
}
