import type { DomainEvent } from './envelope.js';

/**
 * idempotentRequest-<sha256(memberId, key)>: one creating request sent with an Idempotency-Key (decision 026).
 * Not family history: no projection reads these, and the audit trail leaves them out.
 *
 * Started: the request began (or began again, after its first run died or was released). `fingerprint` is a hash
 * of its method, path and body; `seed` (random, kept in the log only) is what every id the request makes is
 * derived from, so a run that starts again makes the same ids and changes nothing the first run did.
 */
export type IdempotentRequestStarted = DomainEvent<'IdempotentRequestStarted', { fingerprint: string; seed: string; startedAt: string }>;
/** The answer the request gave (HTTP status and JSON body), answered again to every repeat of it. */
export type IdempotentRequestAnswered = DomainEvent<
  'IdempotentRequestAnswered',
  { status: number; body: unknown; /** The log position the answer told the client to wait for (0: none). */ position: number }
>;
/** The request ended without an answer worth repeating (a server error, or "saved, shows shortly"): a repeat runs it again. */
export type IdempotentRequestReleased = DomainEvent<'IdempotentRequestReleased', { status: number }>;

export type IdempotentRequestEvent = IdempotentRequestStarted | IdempotentRequestAnswered | IdempotentRequestReleased;
