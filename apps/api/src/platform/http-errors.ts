import { ArgumentsHost, Catch, HttpException, HttpStatus, Inject, Logger, NotFoundException, Optional, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '@familyos/domain';
import { POSITION_HEADER, ProjectionLagError, REPLAYED_HEADER, ReplayedAnswer } from './request-context.js';
import { WEB_INDEX_HTML } from './tokens.js';

const STATUS: Record<ErrorCode, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  too_many: HttpStatus.TOO_MANY_REQUESTS,
  bad_gateway: HttpStatus.BAD_GATEWAY,
};

/** A refusal to answer now (429): the client may try again after `seconds` (the Retry-After header). */
export class RetryLater extends DomainError {
  constructor(
    message: string,
    readonly seconds: number,
  ) {
    super('too_many', message);
  }
}

/** Retry-After of a 429 that did not say: the sign-in windows are a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Fastify's own errors for malformed requests, answered as the bad input they are, never as a 500. */
function fastifyClientError(error: unknown): { status: number; message: string } | null {
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (typeof e?.statusCode !== 'number' || e.statusCode < 400 || e.statusCode >= 500) return null;
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/.test(e.message ?? '')) {
    return { status: 400, message: 'The request body must be valid JSON' };
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, message: 'The request is too large' };
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, message: 'Send JSON with content-type application/json' };
  return { status: e.statusCode, message: e.message ?? 'Bad request' };
}

/**
 * The answer an error gets: its status and `{ error, details? }` body (DESIGN §5). `unexpected`: none of ours,
 * a 500 worth logging. Also what a request sent with an Idempotency-Key records as its answer (decision 026).
 */
export function errorAnswer(error: unknown): { status: number; body: Record<string, unknown>; unexpected?: true; retryAfter?: number } {
  if (error instanceof ProjectionLagError) return { status: HttpStatus.ACCEPTED, body: { accepted: true, message: error.message } };
  if (error instanceof DomainError) {
    const status = STATUS[error.code];
    const body = error.details ? { error: error.message, details: error.details } : { error: error.message };
    if (status !== HttpStatus.TOO_MANY_REQUESTS) return { status, body };
    return { status, body, retryAfter: error instanceof RetryLater ? Math.max(1, error.seconds) : DEFAULT_RETRY_AFTER_SECONDS };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const message = typeof response === 'string' ? response : ((response as { message?: unknown }).message ?? error.message);
    return { status, body: { error: status === 404 && /Cannot (GET|POST|PUT|DELETE|PATCH)/.test(String(message)) ? 'Not found' : String(message) } };
  }
  const client = fastifyClientError(error);
  if (client) return { status: client.status, body: { error: client.message } };
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.' }, unexpected: true };
}

/** The one place error codes become HTTP: `{ error, details? }` (DESIGN §5). */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  constructor(@Optional() @Inject(WEB_INDEX_HTML) private readonly indexHtml: string | null = null) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    // Client-side routes (/tasks, /user/emma, …) are the web app's: answer its page and let it route.
    if (this.indexHtml && error instanceof NotFoundException && request.method === 'GET' && !request.url.startsWith('/api')) {
      void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(this.indexHtml);
      return;
    }
    const written = request.familyosWrites?.writtenPosition ?? 0;
    if (written > 0) void reply.header(POSITION_HEADER, String(written));
    if (error instanceof ReplayedAnswer) {
      void reply.status(error.status).header(REPLAYED_HEADER, 'true').send(error.body);
      return;
    }
    const { status, body, unexpected, retryAfter } = errorAnswer(error);
    if (unexpected) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(status).send(body);
  }
}
