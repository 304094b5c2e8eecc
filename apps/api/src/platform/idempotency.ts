import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { limits, messages } from '@familyos/contracts';
import { streams } from '@familyos/events';
import { conflict, idempotentRequestDecider, invalid, type Actor, type RecordedAnswer } from '@familyos/domain';
import { CommandRunner, type Who } from './command-runner.js';
import { errorAnswer } from './http-errors.js';
import { ReplayedAnswer, requestContext } from './request-context.js';

/** How long a run may go unanswered before a repeat takes its process to have died and runs the request again. */
export const LEASE_MS = 10_000;
/** How long a repeat waits for a run under way elsewhere before answering 409 "still being processed". */
const WAIT_MS = LEASE_MS + 5_000;
/** How often a repeat looks at the log for the answer of a run in another process. */
const POLL_MS = 50;

const KEY_HEADER = 'idempotency-key';
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The stream of one member's request with one key: keys of different members never meet (decision 026). */
export const idempotentRequestStream = (memberId: string, key: string) => streams.idempotentRequest(sha256(`${memberId}\n${key}`));

/** What makes two requests "the same request": method, path with query, and the body (or, for an upload, its bytes). */
export const requestFingerprint = (method: string, url: string, content: string | Buffer) => sha256(`${method} ${url}\n${sha256(content)}`);

interface IdempotentOptions {
  /** What the body is, when the route reads it itself (an upload); default: the parsed JSON body. */
  content?: (request: FastifyRequest) => Promise<string | Buffer>;
  /**
   * Top-level answer fields shown once and never written to the log (a one-time sign-in link, whose token the
   * log keeps only as a hash): the record holds null there, so a repeat answers everything else.
   */
  secret?: string[];
}

/** The answer as the log records it: JSON, with the route's secret fields blanked. */
function recordable(body: unknown, secret: string[] = []): unknown {
  const json: unknown = body === undefined ? null : JSON.parse(JSON.stringify(body));
  if (secret.length === 0 || json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  return { ...json, ...Object.fromEntries(secret.filter((field) => field in json).map((field) => [field, null])) };
}

const IDEMPOTENT = 'familyos:idempotent';

/**
 * A creating route that honours the Idempotency-Key header (README "Idempotency keys", decision 026): a repeat by
 * the same member with the same key is answered what the first request answered, and changes nothing.
 */
export const Idempotent = (options: IdempotentOptions = {}) => applyDecorators(SetMetadata(IDEMPOTENT, options), UseInterceptors(IdempotencyInterceptor));

/** A run of a keyed request in this process: its seed, and how to let this process's repeats know it ended. */
export interface RequestRun {
  streamId: string;
  who: Who;
  seed: string;
  end(): void;
}

type Begun = { kind: 'run'; run: RequestRun } | { kind: 'replay'; answer: RecordedAnswer };

/** Waits for `ended`, but not past `deadline` (leaving no timer behind). */
async function until(ended: Promise<void>, deadline: number): Promise<void> {
  const timer = new AbortController();
  try {
    await Promise.race([ended, sleep(Math.max(0, deadline - Date.now()), undefined, { signal: timer.signal })]);
  } finally {
    timer.abort();
  }
}

/** The log side of idempotency keys: a request's stream, begun once, answered once, waited on by its repeats. */
@Injectable()
export class IdempotentRequests {
  /** Runs under way in this process, by stream: a repeat here waits for the run itself instead of polling. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly runner: CommandRunner) {}

  /**
   * Begins the request, or answers what it answered. While another run of it is under way (a double click, or a
   * repeat arriving at the same moment), waits for that run's answer; one that never comes within the lease
   * (its process died) lets this repeat run the request again.
   */
  async begin(who: Who, streamId: string, fingerprint: string): Promise<Begun> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const local = this.running.get(streamId);
      if (local) await until(local, deadline);
      const { result } = await this.runner.run(who, async (now) => {
        const { state, revision } = await this.runner.load(streamId, idempotentRequestDecider);
        const command = { type: 'BeginRequest', fingerprint, seed: randomBytes(32).toString('hex'), now: now.toISOString(), leaseMs: LEASE_MS } as const;
        const events = idempotentRequestDecider.decide(command, state);
        const started = events[0]?.type === 'IdempotentRequestStarted' ? events[0].data.seed : null;
        return { appends: [{ streamId, expectedRevision: revision, events }], result: { started, answer: state.answer } };
      });
      if (result.started !== null) return { kind: 'run', run: this.track(who, streamId, result.started) };
      if (result.answer) return { kind: 'replay', answer: result.answer };
      if (Date.now() >= deadline) throw conflict(messages.idempotencyKeyInProgress);
      if (!this.running.has(streamId)) await sleep(POLL_MS);
    }
  }

  /** Records the run's answer; answers the one that stands (another run's, if it answered first). */
  async answer(run: RequestRun, answer: RecordedAnswer): Promise<RecordedAnswer> {
    const { result } = await this.runner.run(run.who, async () => {
      const { state, revision } = await this.runner.load(run.streamId, idempotentRequestDecider);
      const events = idempotentRequestDecider.decide({ type: 'AnswerRequest', answer }, state);
      return { appends: [{ streamId: run.streamId, expectedRevision: revision, events }], result: events.length > 0 ? answer : (state.answer ?? answer) };
    });
    return result;
  }

  /** The run ended without an answer worth repeating: the next repeat runs the request again. */
  async release(run: RequestRun, status: number): Promise<void> {
    await this.runner.run(run.who, async () => {
      const { state, revision } = await this.runner.load(run.streamId, idempotentRequestDecider);
      return { appends: [{ streamId: run.streamId, expectedRevision: revision, events: idempotentRequestDecider.decide({ type: 'ReleaseRequest', status }, state) }], result: undefined };
    });
  }

  private track(who: Who, streamId: string, seed: string): RequestRun {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.running.set(streamId, ended);
    return {
      streamId,
      who,
      seed,
      end: () => {
        if (this.running.get(streamId) === ended) this.running.delete(streamId);
        end();
      },
    };
  }
}

/** The key a request sent, if any; a key that is there but empty or too long is refused before anything runs. */
function keyOf(request: FastifyRequest): string | null {
  const key = request.headers[KEY_HEADER];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length === 0 || key.length > limits.idempotencyKeyMax) throw invalid(messages.idempotencyKeyInvalid, 'Idempotency-Key');
  return key;
}

const sameAnswer = (a: RecordedAnswer, b: RecordedAnswer) => a.status === b.status && JSON.stringify(a.body) === JSON.stringify(b.body);

/**
 * Runs an @Idempotent() route: the first request with a key runs, with its ids derived from the request's seed,
 * and its answer (success or refusal) is recorded before it is sent; a repeat is answered that record. A server
 * error, "saved, shows shortly" (202) or "too many, come back later" (429) is not an answer worth repeating: the
 * request is released instead.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly requests: IdempotentRequests,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<IdempotentOptions | undefined>(IDEMPOTENT, context.getHandler());
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = request.signedIn?.actor;
    const key = options && actor ? keyOf(request) : null;
    if (!options || !actor || key === null) return next.handle();
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (request.method === 'POST' ? 201 : 200);
    return from(this.handle(request, options, actor, key, status, next));
  }

  private async handle(request: FastifyRequest, options: IdempotentOptions, actor: Actor, key: string, status: number, next: CallHandler): Promise<unknown> {
    const content = options.content ? await options.content(request) : JSON.stringify(request.body ?? null);
    const who = { actorId: actor.id, familyId: actor.familyId };
    const begun = await this.requests.begin(who, idempotentRequestStream(actor.id, key), requestFingerprint(request.method, request.url, content));
    if (begun.kind === 'replay') throw new ReplayedAnswer(begun.answer.status, begun.answer.body);
    const { run } = begun;
    const context = requestContext.getStore();
    if (context) context.idSeed = run.seed;
    const answered = async (answer: RecordedAnswer) => {
      const standing = await this.requests.answer(run, answer);
      if (!sameAnswer(standing, answer)) throw new ReplayedAnswer(standing.status, standing.body);
    };
    try {
      let body: unknown;
      try {
        body = await lastValueFrom(next.handle(), { defaultValue: undefined });
      } catch (error) {
        const refusal = errorAnswer(error);
        // A 429 (come back later) is no answer either: the same request after Retry-After must run.
        if (refusal.status >= 500 || refusal.status === 202 || refusal.status === 429) await this.requests.release(run, refusal.status);
        else await answered({ status: refusal.status, body: refusal.body, position: context?.writtenPosition ?? 0 });
        throw error;
      }
      // Recorded as it will be sent (JSON), but for the secret fields only this first answer shows.
      await answered({ status, body: recordable(body, options.secret), position: context?.writtenPosition ?? 0 });
      return body;
    } finally {
      run.end();
    }
  }
}
