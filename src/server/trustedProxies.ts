import net from 'node:net';

/**
 * The `TRUSTED_PROXIES` setting, read with the configuration (src/server/config.ts) and used by
 * src/server/http/clientAddress.ts to find a request's client address: a count of proxies in front
 * (`1`), or a list of addresses and networks whose hops are trusted. A leaf: it imports nothing of the server.
 */
export type TrustedProxies = number | net.BlockList | null;

export class TrustedProxiesError extends Error {}

/** `TRUSTED_PROXIES`: a count of proxies, a list of addresses and CIDR networks, or empty (null). */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  const list = new net.BlockList();
  for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [address = '', bits] = part.split('/');
    const family = net.isIP(address);
    if (!family) throw new TrustedProxiesError(`TRUSTED_PROXIES: "${part}" is not an address or network`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) throw new TrustedProxiesError(`TRUSTED_PROXIES: "${part}" has an invalid prefix`);
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}
