import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-request state the command side leaves for the HTTP layer: the highest log position this request
 * wrote, returned to the client as X-FamilyOS-Position so its next queries can wait for it (DESIGN §4).
 */
export interface RequestContext {
  writtenPosition: number;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function recordWrite(position: number): void {
  const ctx = requestContext.getStore();
  if (ctx && position > ctx.writtenPosition) ctx.writtenPosition = position;
}

export const POSITION_HEADER = 'x-familyos-position';

/**
 * A command's write is in the log, but the projections did not reach it in time to answer with the fresh
 * view: the client is told "saved, shows shortly" (202) with the position to wait for, never a false 404.
 */
export class ProjectionLagError extends Error {
  constructor() {
    super('Saved. It will show up in a moment.');
    this.name = 'ProjectionLagError';
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    familyosWrites?: RequestContext;
  }
}
