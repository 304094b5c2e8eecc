import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the web app's build output under /assets. Vite names every file there by its content hash, so they
 * are cached for a year; index.html is answered by the SPA fallback (http-errors.ts) and never cached.
 * A small handler of our own rather than @fastify/static: its current major needs an ESM-only dependency
 * from CommonJS (jest cannot load it) and the previous one conflicts with Nest's peer range on a fresh install.
 */
export function serveWebAssets(fastify: FastifyInstance, webDist: string): void {
  const root = resolve(webDist, 'assets');
  fastify.get('/assets/*', (request, reply) => {
    const file = resolve(root, (request.params as { '*': string })['*']);
    // Fastify has decoded the path already: anything resolving outside assets/ (../, %2e%2e/) is refused.
    if (!file.startsWith(root + sep)) return reply.code(404).send({ error: 'Not found' });
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return reply.code(404).send({ error: 'Not found' });
      size = stat.size;
    } catch {
      return reply.code(404).send({ error: 'Not found' });
    }
    return reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('content-length', size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });
}
