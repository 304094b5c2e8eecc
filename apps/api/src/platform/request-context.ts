import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-request state the command side leaves for the HTTP layer: the highest log position this request
 * wrote, returned to the client as X-FamilyOS-Position so its next queries can wait for it (DESIGN §4).
 */
export interface RequestContext {
  writtenPosition: number;
  /** Set while a request sent with an Idempotency-Key runs: every id it makes derives from it (request-ids.ts, decision 026). */
  idSeed?: string;
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

/**
 * A repeat of a request sent with an Idempotency-Key: it is answered what the request answered the first time
 * (status and JSON body), by the error filter, so that no route's own status code is put on it (decision 026).
 */
export class ReplayedAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('A repeated request, answered as the first time');
    this.name = 'ReplayedAnswer';
  }
}

export const REPLAYED_HEADER = 'idempotency-replayed';

declare module 'fastify' {
  interface FastifyRequest {
    familyosWrites?: RequestContext;
  }
}
