import { addressRange, isAcceptableAddress, isIpLiteral, type AddressPolicy } from './public-address.js';

/** Why the guard refused a URL or a connection: for the server's log, never for a member's screen. */
export class OutboundRefused extends Error {
  constructor(readonly why: string) {
    super(`Outbound request refused: ${why}`);
    this.name = 'OutboundRefused';
  }
}

/** A URL's host as the resolver and the socket take it: IPv6 without its brackets, no trailing dot. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

const isLocalName = (host: string) => {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * The cheap check before a URL a member gave is kept or used (decision 042): https, no credentials, and a host
 * that is a public IP literal or a dotted name other than localhost. The URL parser has already turned
 * 2130706433, 0x7f.1 and the like into dotted IPv4, so every literal is judged by its address. Names are
 * judged again by what they resolve to when the connection is made (guarded-request.ts): this check alone
 * is never enough. Throws OutboundRefused.
 */
export function checkOutboundUrl(raw: string | URL, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not a URL');
  }
  if (url.username !== '' || url.password !== '') throw new OutboundRefused('credentials in the URL');
  const host = bareHost(url);
  const literal = isIpLiteral(host);
  // The tests' stand-in services listen on plain http on this machine; nothing else is ever plain http.
  const loopbackForTests = policy.loopbackForTests && (literal ? addressRange(host) === 'loopback' : isLocalName(host));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackForTests)) throw new OutboundRefused(`${url.protocol} is not https:`);
  if (literal) {
    if (!isAcceptableAddress(host, policy)) throw new OutboundRefused(`${host} is a ${addressRange(host)} address`);
  } else if (!loopbackForTests && (isLocalName(host) || !host.replace(/\.$/, '').includes('.'))) {
    throw new OutboundRefused(`${host} is not a public host name`);
  }
  return url;
}
