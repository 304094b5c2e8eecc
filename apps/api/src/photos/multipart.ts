import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { limits } from '@familyos/contracts';

/** The one route that takes multipart bodies (SPEC §7: POST /api/upload-photo, field `photo`). */
export const UPLOAD_ROUTE = '/api/upload-photo';

const MULTIPART = /^\s*multipart\/form-data\b/i;

/**
 * Multipart parsing for photo uploads. The plugin streams the file through busboy (Fastify's bodyLimit does
 * not apply to it) with busboy's own limits: one file of at most limits.photo.maxBytes, a handful of small
 * fields. Every other route keeps taking JSON only: a multipart body anywhere else is 415, as any
 * non-JSON body is there.
 */
export async function registerPhotoUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, {
    limits: {
      fileSize: limits.photo.maxBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 6,
      headerPairs: 20,
    },
  });
  // A callback hook that returns at once without a body type (every GET): an async hook cost every request a
  // promise and its turns, a sixth of the cheapest route's CPU (decision 058).
  fastify.addHook('onRequest', (request, reply, done) => {
    const type = request.headers['content-type'];
    if (type === undefined || !MULTIPART.test(type) || request.routeOptions.url === UPLOAD_ROUTE) return done();
    void reply.code(415).send({ error: 'Send JSON with content-type application/json' });
  });
}
