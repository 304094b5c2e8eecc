import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { securityHeaders } from './security-headers.js';

/** Fastify's router refusals: answered `{ error }` like every other refusal, never echoing the path. */
const ROUTER_REFUSALS: Record<string, { status: number; error: string }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: 'That address is too long' },
  FST_ERR_BAD_URL: { status: 400, error: 'That address is not valid' },
};

/**
 * Fastify's `frameworkErrors`: what the router says before any route runs (a path parameter over its 100
 * characters, a path that is not valid percent-encoding). Without it Fastify writes its own body, which repeats
 * the path. No hook runs for these answers, so they are given the security headers here.
 */
export function routerRefusals(config: Pick<AppConfig, 'hubUrl'>) {
  const headers = { ...securityHeaders(config), 'cache-control': 'no-store' };
  return (error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void => {
    const refusal = ROUTER_REFUSALS[error.code ?? ''] ?? { status: 400, error: 'Bad request' };
    void reply.code(refusal.status).headers(headers).send({ error: refusal.error });
  };
}

/**
 * DESIGN §5 "never a 500 for bad input": a query parameter given twice (`?userId=a&userId=b`) is parsed as an
 * array, which no route expects (each reads one string). Refused here for every API route at once, before
 * routing reaches a controller; the web app's own pages (not under /api) are left to the browser.
 */
export function refuseRepeatedQueryParameters(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    // Most requests have no query at all: nothing to look at.
    if (!request.url.startsWith('/api/') || !request.url.includes('?')) return done();
    const query = request.query as Record<string, unknown> | undefined;
    const repeated = Object.keys(query ?? {}).find((name) => Array.isArray(query![name]));
    if (repeated === undefined) return done();
    void reply.code(400).send({ error: `The query parameter "${repeated.slice(0, 40)}" may be given only once` });
  });
}
