import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { bareHost, checkOutboundUrl, OutboundRefused } from './outbound-url.js';
import { addressRange, isAcceptableAddress, isIpLiteral, type AddressPolicy } from './public-address.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** What a host name resolves to; the system resolver unless a test gives its own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy extends AddressPolicy {
  resolve?: Resolver;
}

export interface OutboundRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: Buffer | string;
  /** The whole exchange, connection to the last byte kept. */
  timeoutMs: number;
}

/** The other side's answer: its status and at most the first 200 characters of its body. */
export interface OutboundAnswer {
  status: number;
  text: string;
}

const ANSWER_KEPT_BYTES = 200;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The socket's lookup (decision 042): the name is resolved once, EVERY address it gave is checked, and the socket
 * connects only to those checked addresses. There is no second resolution between check and connect, so a name
 * that rebinds to 127.0.0.1 after looking public is never connected to.
 */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const refused = found.find((a) => !isAcceptableAddress(a.address, policy));
        if (refused) return callback(new OutboundRefused(`${hostname} resolves to a ${addressRange(refused.address)} address`), '', 0);
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * The ONE way the server sends a request to an address a member gave (push endpoints now; webhooks, feeds and
 * pictures later: decision 042). https only, to public addresses only, checked when the socket connects, never
 * a redirect followed (a 3xx is just its status), a bounded time, and nothing of the answer kept beyond 200
 * characters. Throws OutboundRefused when the guard refuses, or the network's own error.
 */
export async function sendGuarded(target: string | URL, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundAnswer> {
  const url = checkOutboundUrl(target, policy);
  const host = bareHost(url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = send(
      {
        method: request.method,
        host,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, host: url.host },
        // An IP literal is never looked up (net connects to it as it is): checkOutboundUrl has judged it.
        lookup: isIpLiteral(host) ? undefined : guardedLookup(policy),
        ...(url.protocol === 'https:' && !isIpLiteral(host) ? { servername: host.replace(/\.$/, '') } : {}),
        // No pooled sockets: every request's connection goes through the lookup above.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept >= ANSWER_KEPT_BYTES) return;
          chunks.push(chunk);
          kept += chunk.length;
          // Enough is known; the rest of a long answer is not read.
          if (kept >= ANSWER_KEPT_BYTES) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_KEPT_BYTES) });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
