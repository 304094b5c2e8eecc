import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, from, mergeMap, switchMap } from 'rxjs';
import type { ProjectionProgress } from '@familyos/projections';
import { CONFIG, PROJECTION_PROGRESS } from './tokens.js';
import { POSITION_HEADER, requestContext, type RequestContext } from './request-context.js';
import type { AppConfig } from '../config.js';

/** DESIGN §4: "a query waits (bounded, about 1.5 s) until the projection has reached it". */
export const READ_YOUR_WRITES_TIMEOUT_MS = 1500;

/**
 * Read-your-writes. A command answers the position it wrote at in X-FamilyOS-Position; a query that sends
 * that header back waits until every projection has reached it. With the projector in-process the command
 * itself also waits before answering, which costs microseconds there and makes plain curl users consistent.
 */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const state: RequestContext = { writtenPosition: 0 };
    // The error filter reads it too: a write followed by a failure still tells the client where to wait.
    request.familyosWrites = state;
    const wanted = Number(request.headers[POSITION_HEADER]);
    const before = Number.isSafeInteger(wanted) && wanted > 0 ? this.progress.waitFor(wanted, READ_YOUR_WRITES_TIMEOUT_MS) : Promise.resolve(true);

    return from(before).pipe(
      switchMap(() => new Observable<unknown>((subscriber) => requestContext.run(state, () => next.handle().subscribe(subscriber)))),
      mergeMap(async (body) => {
        if (state.writtenPosition > 0) {
          void reply.header(POSITION_HEADER, String(state.writtenPosition));
          if (this.config.projector === 'embedded') await this.progress.waitFor(state.writtenPosition, READ_YOUR_WRITES_TIMEOUT_MS);
        }
        return body;
      }),
    );
  }
}
