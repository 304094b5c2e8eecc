import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

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
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * The files of the build that live at the root under a fixed name (decision 038): the service worker, whose
 * scope is the folder it is served from (so the whole app), and the web app manifest. Their names never
 * change, so they are revalidated on every use: a new deploy's worker and manifest are seen at once.
 */
const ROOT_FILES = ['sw.js', 'manifest.webmanifest'];

/**
 * Serves the web app's build output: under /assets, and its service worker and manifest at the root (read
 * once here, small). Vite names every file under /assets by its content hash, so they are cached for a year; index.html is answered by the SPA fallback (http-errors.ts) and never cached.
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
    void reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    if (COMPRESSIBLE.has(extname(file)) && size >= MIN_COMPRESSED_SIZE) {
      void reply.header('vary', 'accept-encoding');
      if (acceptsGzip(request)) {
        return gzipped(file).then((body) => reply.header('content-encoding', 'gzip').header('content-length', body.length).send(body));
      }
    }
    return reply.header('content-length', size).send(createReadStream(file));
  });
  for (const name of ROOT_FILES) {
    const file = resolve(webDist, name);
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    fastify.get(`/${name}`, (_request, reply) =>
      reply.header('content-type', TYPES[extname(file)]).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(body),
    );
  }
}

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.svg', '.txt']);
/** Below this, gzip's own header and trailer outweigh what it saves. */
const MIN_COMPRESSED_SIZE = 1024;

/**
 * Each asset gzipped once, on first request, and kept: the files are content-hashed (a path never changes
 * its bytes) and few (the whole build's scripts gzip to well under a megabyte). Compressed here rather than
 * at build time so any build served (WEB_DIST) gets it; off the event loop (zlib's thread pool). Uncompressed,
 * the sign-in page's scripts took seconds on Lighthouse's mobile profile (decision 018).
 */
const gzipCache = new Map<string, Promise<Buffer>>();
function gzipped(file: string): Promise<Buffer> {
  let body = gzipCache.get(file);
  if (!body) {
    body = readFile(file).then((bytes) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    body.catch(() => gzipCache.delete(file));
    gzipCache.set(file, body);
  }
  return body;
}

/** Accept-Encoding names gzip (or *) without refusing it by `;q=0`. */
export function acceptsGzip(request: Pick<FastifyRequest, 'headers'>): boolean {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return false;
  return accepted.split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
