import type { IdempotentRequestEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import { idempotentRequestDecider, type IdempotentRequestCommand } from './idempotent-request.decider.js';

const spec = deciderSpec(idempotentRequestDecider);
const LEASE = 10_000;
const T0 = '2026-11-25T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

const begin = (overrides: Partial<Extract<IdempotentRequestCommand, { type: 'BeginRequest' }>> = {}): IdempotentRequestCommand => ({
  type: 'BeginRequest',
  fingerprint: 'POST /api/tasks #1',
  seed: 'seed-1',
  now: T0,
  leaseMs: LEASE,
  ...overrides,
});
const started = (startedAt = T0, seed = 'seed-1', fingerprint = 'POST /api/tasks #1'): IdempotentRequestEvent => ({
  type: 'IdempotentRequestStarted',
  data: { fingerprint, seed, startedAt },
});
const answer = { status: 201, body: { id: 'task-1', title: 'Feed the cat' }, position: 42 };
const answered: IdempotentRequestEvent = { type: 'IdempotentRequestAnswered', data: answer };
const released: IdempotentRequestEvent = { type: 'IdempotentRequestReleased', data: { status: 500 } };

describe('idempotent request decider', () => {
  it('a new key starts the request with the seed it was given', () => {
    spec.given().when(begin()).then([started()]);
  });

  it('a repeat of an answered request appends nothing, however late, and keeps the answer', () => {
    const given = spec.given([started(), answered]);
    given.when(begin({ now: at(LEASE * 100), seed: 'seed-2' })).thenNothing();
    expect(given.state.answer).toEqual(answer);
  });

  it('a repeat of a running request within the lease appends nothing: it waits for the answer', () => {
    spec.given([started()]).when(begin({ now: at(LEASE - 1), seed: 'seed-2' })).thenNothing();
  });

  it('a run unanswered past the lease (its process died) starts again, with the first seed', () => {
    spec.given([started()]).when(begin({ now: at(LEASE), seed: 'seed-2' })).then([started(at(LEASE))]);
  });

  it('a released request (a server error) starts again at once, with the first seed', () => {
    spec.given([started(), released]).when(begin({ now: at(1), seed: 'seed-2' })).then([started(at(1))]);
  });

  it('the same key for another method, path or body is refused (422) and changes nothing', () => {
    for (const given of [[started()], [started(), answered], [started(), released]]) {
      spec.given(given).when(begin({ fingerprint: 'POST /api/tasks #2' })).thenRefuses('unprocessable', messages.idempotencyKeyReused);
    }
  });

  it('a running request is answered once; a later answer gives way to the recorded one', () => {
    spec.given([started()]).when({ type: 'AnswerRequest', answer }).then([answered]);
    spec.given([started(), answered]).when({ type: 'AnswerRequest', answer: { ...answer, status: 409 } }).thenNothing();
  });

  it('a run that started again after a release may answer; a released one without a new start may not', () => {
    spec.given([started(), released, started(at(1))]).when({ type: 'AnswerRequest', answer }).then([answered]);
    spec.given([started(), released]).when({ type: 'AnswerRequest', answer }).thenNothing();
  });

  it('only a running request is released', () => {
    spec.given([started()]).when({ type: 'ReleaseRequest', status: 500 }).then([released]);
    spec.given([started(), answered]).when({ type: 'ReleaseRequest', status: 500 }).thenNothing();
    spec.given([started(), released]).when({ type: 'ReleaseRequest', status: 500 }).thenNothing();
  });
});
