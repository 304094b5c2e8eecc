import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  applyDecorators,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  type OnModuleInit,
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
import { streams, type IdempotentRequestEvent } from '@familyos/events';
import {
  conflict,
  idempotentRequestDecider,
  invalid,
  type Actor,
  type IdempotentRequestState,
  type RecordedAnswer,
} from '@familyos/domain';
import { CommandRunner } from './command-runner.js';
import { errorAnswer } from './http-errors.js';
import { RECORD_TTL_MS, type IdempotencyRecords, type StoredRequest } from './idempotency-records.js';
import { ReplayedAnswer, requestContext } from './request-context.js';
import { CLOCK, IDEMPOTENCY_RECORDS, type Clock } from './tokens.js';

/** How long a run may go unanswered before a repeat takes its process to have died and runs the request again. */
export const LEASE_MS = 10_000;
/** How long a repeat waits for a run under way elsewhere before answering 409 "still being processed". */
const WAIT_MS = LEASE_MS + 5_000;
/** How often a repeat looks at the records for the answer of a run in another process. */
const POLL_MS = 50;
/** How often the expired records are swept away (reads already ignore them). */
const SWEEP_MS = 3_600_000;

const KEY_HEADER = 'idempotency-key';
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The record of one member's request with one key: keys of different members never meet (decision 026). */
export const idempotentRequestKey = (memberId: string, key: string) => sha256(`${memberId}\n${key}`);

/** The log stream where versions before decision 045 kept that record; still read, never written. */
export const idempotentRequestStream = (memberId: string, key: string) => streams.idempotentRequest(idempotentRequestKey(memberId, key));

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
  key: string;
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

/**
 * The records of keyed requests (decision 045: kept beside the log for 24 hours, not in it): begun once,
 * answered once, waited on by their repeats. Each change is the idempotent-request decider's, stored by
 * compare-and-set on the record's version, so two processes beginning one request at once begin it once.
 */
@Injectable()
export class IdempotentRequests implements OnModuleInit, OnApplicationShutdown {
  /** Runs under way in this process, by record: a repeat here waits for the run itself instead of polling. */
  private readonly running = new Map<string, Promise<void>>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly runner: CommandRunner,
    @Inject(IDEMPOTENCY_RECORDS) private readonly records: IdempotencyRecords,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Sweeps at boot, then every hour; reads already take an expired record for none. */
  async onModuleInit(): Promise<void> {
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS).unref();
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Removes the records expired now; answers how many. */
  sweep(): Promise<number> {
    return this.records.sweep(this.clock.now());
  }

  /**
   * Begins the request, or answers what it answered. While another run of it is under way (a double click, or a
   * repeat arriving at the same moment), waits for that run's answer; one that never comes within the lease
   * (its process died) lets this repeat run the request again.
   */
  async begin(key: string, fingerprint: string): Promise<Begun> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const local = this.running.get(key);
      if (local) await until(local, deadline);
      const result = await this.change(key, (state, now) => {
        const command = { type: 'BeginRequest', fingerprint, seed: randomBytes(32).toString('hex'), now: now.toISOString(), leaseMs: LEASE_MS } as const;
        const events = idempotentRequestDecider.decide(command, state);
        const started = events[0]?.type === 'IdempotentRequestStarted' ? events[0].data.seed : null;
        return { events, result: { started, answer: state.answer } };
      });
      if (result.started !== null) return { kind: 'run', run: this.track(key, result.started) };
      if (result.answer) return { kind: 'replay', answer: result.answer };
      if (Date.now() >= deadline) throw conflict(messages.idempotencyKeyInProgress);
      if (!this.running.has(key)) await sleep(POLL_MS);
    }
  }

  /** Records the run's answer; answers the one that stands (another run's, if it answered first). */
  answer(run: RequestRun, answer: RecordedAnswer): Promise<RecordedAnswer> {
    return this.change(run.key, (state) => {
      const events = idempotentRequestDecider.decide({ type: 'AnswerRequest', answer }, state);
      return { events, result: events.length > 0 ? answer : (state.answer ?? answer) };
    });
  }

  /** The run ended without an answer worth repeating: the next repeat runs the request again. */
  async release(run: RequestRun, status: number): Promise<void> {
    await this.change(run.key, (state) => ({ events: idempotentRequestDecider.decide({ type: 'ReleaseRequest', status }, state), result: undefined }));
  }

  /**
   * Decides on the record as it stands and stores the events folded into it, expecting the version read; another
   * write in between (another process) makes it read and decide again, as the command runner does on a stream.
   */
  private async change<T>(key: string, decide: (state: IdempotentRequestState, now: Date) => { events: IdempotentRequestEvent[]; result: T }): Promise<T> {
    for (;;) {
      const now = this.clock.now();
      const stored = await this.current(key, now);
      const { events, result } = decide(stored.state, now);
      if (events.length === 0) return result;
      const next = events.reduce(idempotentRequestDecider.evolve, stored.state);
      const expiresAt = stored.expiresAt ?? new Date(now.getTime() + RECORD_TTL_MS);
      if (await this.records.write(key, next, stored.version, expiresAt)) return result;
    }
  }

  /**
   * The record, or for a key that has none, the one a version before decision 045 left in the log, if it is
   * younger than a record lives: a repeat sent across the upgrade is still answered. Copied into the records
   * at its first change; the log is never written.
   */
  private async current(key: string, now: Date): Promise<StoredRequest> {
    const stored = await this.records.read(key, now);
    if (stored.version > 0) return stored;
    const { state } = await this.runner.load(streams.idempotentRequest(key), idempotentRequestDecider);
    if (state.phase === 'new') return stored;
    const expiresAt = Date.parse(state.startedAt!) + RECORD_TTL_MS;
    return expiresAt > now.getTime() ? { state, version: 0, expiresAt: new Date(expiresAt) } : stored;
  }

  private track(key: string, seed: string): RequestRun {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.running.set(key, ended);
    return {
      key,
      seed,
      end: () => {
        if (this.running.get(key) === ended) this.running.delete(key);
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
    const begun = await this.requests.begin(idempotentRequestKey(actor.id, key), requestFingerprint(request.method, request.url, content));
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
