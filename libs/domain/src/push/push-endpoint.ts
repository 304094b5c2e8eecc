import { messages } from '@familyos/contracts/rules';
import { invalid } from '../shared/errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Private and link-local IPv4 literals: a push service is on the internet, never on the server's own network. */
const PRIVATE_V4 = [/^10\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^169\.254\./, /^0\./];

/**
 * A push subscription's endpoint as the server will POST to it (decision 039): an https URL of a push service;
 * plain http only on this machine (the tests' stand-in push service). No credentials in it, and no private
 * address, so an endpoint cannot point the server at its own network. Throws a 400 naming `endpoint`.
 */
export function checkPushEndpoint(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid(messages.pushEndpoint, 'endpoint');
  }
  const host = url.hostname.toLowerCase();
  const loopback = LOOPBACK.has(host);
  const allowed =
    (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) &&
    url.username === '' &&
    url.password === '' &&
    (loopback || !PRIVATE_V4.some((range) => range.test(host))) &&
    !/^\[(fc|fd|fe8)/.test(host);
  if (!allowed) throw invalid(messages.pushEndpoint, 'endpoint');
  return url;
}
