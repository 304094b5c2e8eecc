import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@familyos/contracts';
import type { AppConfig } from '../config.js';
import { bearerTokenOf } from '../auth/auth.guard.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether the browser says this request was made by a page of another site. Origin when the browser sent one
 * (every browser does on a non-GET request); without it, the Referer (an old browser, or a request Origin was
 * stripped from), then Sec-Fetch-Site. None of them: not a browser (curl, a script), which holds no ambient
 * cookie of ours unless someone gave it one.
 */
export function isForeignOrigin(request: FastifyRequest, config: Pick<AppConfig, 'publicUrl'>): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return !isOurs(origin, request, config);
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') return !isOurs(referer, request, config);
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** Whether an Origin or a Referer names this server. */
function isOurs(url: string, request: FastifyRequest, config: Pick<AppConfig, 'publicUrl'>): boolean {
  // "null": a sandboxed frame, a file, a data: page: never ours.
  if (url === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (config.publicUrl && parsed.origin === config.publicUrl) return true;
  // The Host the browser addressed is this server (behind a proxy with TRUST_PROXY, X-Forwarded-Host).
  // The scheme is not compared: without TRUST_PROXY a TLS proxy makes every request look like http here.
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host === request.host;
}

/**
 * DESIGN §6: the session cookie is an ambient credential, so a page of another site must not use it to change
 * anything (CSRF), nor sign a browser into an account of its choosing (login CSRF). A bearer token is not
 * ambient: a page can only send one it already holds, so such requests are left alone. Runs before routing,
 * so a refused request reaches no handler and appends nothing.
 */
export function refuseCrossOriginWrites(fastify: FastifyInstance, config: Pick<AppConfig, 'publicUrl'>): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method) || bearerTokenOf(request) || !isForeignOrigin(request, config)) return done();
    void reply.code(403).send({ error: messages.crossOriginRefused });
  });
}
