import { parseTrustedProxies } from '@/server/trustedProxies';
import { addressGroup, clientAddress } from './clientAddress';

/**
 * The client address behind proxies: X-Forwarded-For is read from the right, skipping the hops the
 * operator trusts (`TRUSTED_PROXIES`: a count of proxies or a list of addresses and networks), so the
 * hop the client wrote itself (leftmost) never counts. Rate limits group IPv6 addresses by /64.
 */
const req = (xff: string | undefined, remote = '10.0.0.2') => ({ headers: xff === undefined ? {} : { 'x-forwarded-for': xff }, socket: { remoteAddress: remote } });

test('without a trusted proxy the socket address counts, whatever X-Forwarded-For says', () => {
  expect(clientAddress(req('1.2.3.4, 203.0.113.9'), 0)).toBe('10.0.0.2');
});

test('one trusted proxy: the hop it appended (the rightmost), not the client-chosen leftmost one', () => {
  expect(clientAddress(req('1.2.3.4, 203.0.113.9'), 1)).toBe('203.0.113.9');
  expect(clientAddress(req('203.0.113.9'), 1)).toBe('203.0.113.9');
  expect(clientAddress(req(undefined), 1)).toBe('10.0.0.2');
});

test('two trusted proxies (a count): the second hop from the right', () => {
  expect(clientAddress(req('1.2.3.4, 198.51.100.7, 10.1.1.1'), 2)).toBe('198.51.100.7');
  // Fewer hops than proxies: the leftmost there is.
  expect(clientAddress(req('198.51.100.7'), 2)).toBe('198.51.100.7');
});

test('a list of trusted proxies and networks: the rightmost address not in it', () => {
  const trusted = parseTrustedProxies('10.0.0.0/8, 192.0.2.1, fd00::/8');
  expect(clientAddress(req('1.2.3.4, 198.51.100.7, 192.0.2.1, 10.9.9.9'), trusted)).toBe('198.51.100.7');
  expect(clientAddress(req('1.2.3.4, 198.51.100.7'), trusted)).toBe('198.51.100.7');
  // The socket itself is not a trusted proxy: X-Forwarded-For is not read at all.
  expect(clientAddress(req('1.2.3.4', '203.0.113.50'), trusted)).toBe('203.0.113.50');
  expect(clientAddress(req('1.2.3.4', 'fd12::1'), trusted)).toBe('1.2.3.4');
});

test('a hop that is not an address is not used as one', () => {
  expect(clientAddress(req('1.2.3.4, unknown'), 1)).toBe('unknown');
  expect(clientAddress(req(`1.2.3.4, ${'a'.repeat(300)}`), 1)).toBe('unknown');
  expect(clientAddress(req('1.2.3.4, [2001:db8::1]:443'), 1)).toBe('2001:db8::1');
  expect(clientAddress(req('1.2.3.4, 198.51.100.7:8080'), 1)).toBe('198.51.100.7');
});

test('TRUSTED_PROXIES is a count or a list; anything else is refused', () => {
  expect(parseTrustedProxies('2')).toBe(2);
  expect(parseTrustedProxies('')).toBeNull();
  expect(() => parseTrustedProxies('10.0.0.0/99')).toThrow(/TRUSTED_PROXIES/);
  expect(() => parseTrustedProxies('proxy.example')).toThrow(/TRUSTED_PROXIES/);
});

test('limits group IPv6 by /64 and see IPv4-mapped addresses as IPv4', () => {
  expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(addressGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
  expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  expect(addressGroup('::ffff:127.0.0.1')).toBe('127.0.0.1');
  expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
  expect(addressGroup('unknown')).toBe('unknown');
});
