import ipaddr from 'ipaddr.js';

/**
 * Whether the server may connect to an IP address a member's URL led to (decision 042). The arithmetic is
 * ipaddr.js's: an address is acceptable only when its range is 'unicast', i.e. none of the special ranges
 * (loopback, private, link-local, CGNAT, unique-local, unspecified, multicast, reserved, NAT64, 6to4, Teredo…).
 * An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it reaches.
 */
export interface AddressPolicy {
  /**
   * Tests only (OUTBOUND_LOOPBACK_FOR_TESTS): loopback addresses are acceptable too, so the suites' stand-in
   * push service on 127.0.0.1 can be reached. Never set in a deployment.
   */
  loopbackForTests: boolean;
}

/** The range an address is in: 'unicast' for a public one, 'invalid' for text that is no IP address. */
export function addressRange(address: string): string {
  // A zone index (fe80::1%eth0) names an interface of this machine: never public.
  if (address.includes('%')) return 'scoped';
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
  const range = v6.range();
  // The deprecated IPv4-compatible form (::a.b.c.d) has no range of its own in ipaddr.js.
  if (range === 'unicast' && v6.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return range;
}

/** True when the server may connect to `address` under `policy`. */
export function isAcceptableAddress(address: string, policy: AddressPolicy): boolean {
  const range = addressRange(address);
  return range === 'unicast' || (policy.loopbackForTests && range === 'loopback');
}

/** True for an IP literal (dotted IPv4 or IPv6 without brackets) as Node's resolver and the URL parser give them. */
export const isIpLiteral = (host: string) => ipaddr.isValid(host) && (host.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(host));
