import net from 'node:net';
import type { TrustedProxies } from '@/server/trustedProxies';

/**
 * The client address of a request, and the group a rate limit counts it under.
 *
 * Behind proxies, each proxy appends the address it received the request from to X-Forwarded-For, so
 * only the entries on the right were written by proxies the operator runs; the leftmost ones are
 * whatever the client sent. The address used is therefore the rightmost hop that is not a trusted
 * proxy. `TRUSTED_PROXIES` says which hops are trusted: a count (`1`: one reverse proxy in front, the
 * default when `TRUST_PROXY=true`) or a comma-separated list of addresses and networks
 * (`10.0.0.0/8, 192.0.2.1`), in which case the socket's peer must itself be in the list for the
 * header to be read at all. The setting itself is read with the configuration (src/server/trustedProxies.ts).
 */

/** A hop as written in X-Forwarded-For (`1.2.3.4`, `1.2.3.4:8080`, `[2001:db8::1]:443`, `2001:db8::1`), or null when it is not an address. */
function hopAddress(hop: string): string | null {
  let h = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(h);
  if (bracketed?.[1]) h = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(h)) h = h.slice(0, h.lastIndexOf(':'));
  return net.isIP(h) ? h : null;
}

function isTrusted(list: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  if (!family) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return list.check(mapped, 'ipv4');
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string } | null;
}

/** The client address: the socket's peer, or the rightmost untrusted X-Forwarded-For hop when proxies are trusted. */
export function clientAddress(req: RequestLike, trusted: TrustedProxies): string {
  const peer = req.socket?.remoteAddress || 'unknown';
  if (!trusted) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((h) => h.trim()).filter(Boolean);
  if (!hops.length) return peer;
  if (typeof trusted === 'number') {
    // The peer is the nearest proxy; each further proxy added one hop on the right.
    const hop = hops[Math.max(0, hops.length - trusted)] as string;
    return hopAddress(hop) ?? 'unknown';
  }
  if (!isTrusted(trusted, peer)) return peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const address = hopAddress(hops[i] as string);
    if (!address) return 'unknown';
    if (!isTrusted(trusted, address) || i === 0) return address;
  }
  return peer;
}

/** Expands an IPv6 address to its eight groups (without leading zeros). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (s: string) => (s ? s.split(':') : []);
  let left = parse(head);
  let right = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last && last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...groups];
    else right = [...right.slice(0, -1), ...groups];
  }
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...right].map((g) => parseInt(g, 16).toString(16));
}

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address too), an IPv6 address by its /64 network (one subscriber usually holds a whole /64, so
 * counting single addresses would let them rotate through 2^64 of them).
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (net.isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}
