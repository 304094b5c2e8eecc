import 'reflect-metadata';
import { Inject, Injectable, RequestMethod, UseInterceptors, type CallHandler, type CanActivate, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { ProjectionProgress } from '@familyos/projections';
import { CONFIG, PROJECTION_PROGRESS } from './tokens.js';
import { POSITION_HEADER, requestContext, type RequestContext } from './request-context.js';
import type { AppConfig } from '../config.js';

/** DESIGN §4: "a query waits (bounded, about 1.5 s) until the projection has reached it". */
export const READ_YOUR_WRITES_TIMEOUT_MS = 1500;

/**
 * Read-your-writes, the waiting side. A request that sends back a command's X-FamilyOS-Position waits until every
 * projection has reached it. A global guard, registered after the AuthGuard (an unknown caller never waits): a
 * request without the header pays one header lookup, where an interceptor would cost every read Nest's rxjs
 * chain (decision 048).
 */
@Injectable()
export class PositionGate implements CanActivate {
  constructor(@Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers[POSITION_HEADER];
    if (header === undefined) return true;
    const wanted = Number(header);
    if (!Number.isSafeInteger(wanted) || wanted <= 0) return true;
    return this.progress.waitFor(wanted, READ_YOUR_WRITES_TIMEOUT_MS).then(() => true);
  }
}

/**
 * Read-your-writes, the writing side. A command answers the position it wrote at in X-FamilyOS-Position; with the
 * projector in-process the command itself also waits before answering, which costs microseconds there and makes
 * plain curl users consistent. Only on routes that may write (`interceptWrites`, `@Writes()`): the request's
 * context (request-context.ts) is what the command runner records its position in and what ids derive from.
 */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    return from(this.run(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), next));
  }

  private async run(request: FastifyRequest, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const state: RequestContext = { writtenPosition: 0 };
    // The error filter reads it too: a write followed by a failure still tells the client where to wait.
    request.familyosWrites = state;
    const body = await requestContext.run(state, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    if (state.writtenPosition > 0) {
      void reply.header(POSITION_HEADER, String(state.writtenPosition));
      if (this.config.projector === 'embedded') await this.progress.waitFor(state.writtenPosition, READ_YOUR_WRITES_TIMEOUT_MS);
    }
    return body;
  }
}

/** For a GET route that writes all the same (a sign-in callback): it answers its position like any command. */
export const Writes = () => UseInterceptors(ConsistencyInterceptor);

/**
 * Puts the ConsistencyInterceptor first on every route of `controllers` that may write (any method but GET and
 * HEAD), before its own interceptors (the idempotency interceptor reads the context it opens). Reads get no
 * interceptor at all. Runs before Nest scans the module, which is when it looks interceptors up.
 */
export function interceptWrites<T extends Type[]>(controllers: T): T {
  for (const controller of controllers) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = name === 'constructor' ? undefined : prototype[name];
      if (typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined || method === RequestMethod.GET || method === RequestMethod.HEAD) continue;
      const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (!own.includes(ConsistencyInterceptor)) Reflect.defineMetadata(INTERCEPTORS_METADATA, [ConsistencyInterceptor, ...own], handler);
    }
  }
  return controllers;
}
