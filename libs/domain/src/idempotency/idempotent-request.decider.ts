import type { IdempotentRequestEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';

/** What a creating request answered: given again, as it was, to every repeat of the request. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
  position: number;
}

/**
 * idempotentRequest-<sha256(memberId, key)> (decision 026): a creating request sent with an Idempotency-Key.
 * `running` until it answers (`answered`, for good) or ends without an answer worth repeating (`released`).
 */
export interface IdempotentRequestState {
  phase: 'new' | 'running' | 'answered' | 'released';
  fingerprint: string | null;
  /** Every id the request makes derives from it; kept when the request starts again. */
  seed: string | null;
  startedAt: string | null;
  answer: RecordedAnswer | null;
}

export type IdempotentRequestCommand =
  | {
      type: 'BeginRequest';
      /** Method, path and body, hashed: the same key may only ever mean the same request. */
      fingerprint: string;
      /** A fresh random seed, used if the request has none yet. */
      seed: string;
      now: string;
      /** How long a run may go unanswered before a repeat takes it to have died and starts it again. */
      leaseMs: number;
    }
  | { type: 'AnswerRequest'; answer: RecordedAnswer }
  | { type: 'ReleaseRequest'; status: number };

export const keyReused = () => new DomainError('unprocessable', messages.idempotencyKeyReused);

/**
 * A request begins once: a repeat of an answered request appends nothing (it is answered again), a repeat of a
 * running one appends nothing (it waits), unless that run is older than the lease or was released: then it
 * starts again, with the seed it had, so it makes the same ids. The same key with another fingerprint is refused.
 */
export const idempotentRequestDecider: Decider<IdempotentRequestCommand, IdempotentRequestState, IdempotentRequestEvent> = {
  initialState: { phase: 'new', fingerprint: null, seed: null, startedAt: null, answer: null },

  evolve(state, event) {
    switch (event.type) {
      case 'IdempotentRequestStarted':
        return { ...state, phase: 'running', fingerprint: event.data.fingerprint, seed: event.data.seed, startedAt: event.data.startedAt };
      case 'IdempotentRequestAnswered':
        return { ...state, phase: 'answered', answer: { status: event.data.status, body: event.data.body, position: event.data.position } };
      case 'IdempotentRequestReleased':
        return { ...state, phase: 'released' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'BeginRequest': {
        if (state.phase === 'new') {
          return [{ type: 'IdempotentRequestStarted', data: { fingerprint: command.fingerprint, seed: command.seed, startedAt: command.now } }];
        }
        if (state.fingerprint !== command.fingerprint) throw keyReused();
        if (state.phase === 'answered') return [];
        const age = Date.parse(command.now) - Date.parse(state.startedAt!);
        if (state.phase === 'running' && age < command.leaseMs) return [];
        return [{ type: 'IdempotentRequestStarted', data: { fingerprint: command.fingerprint, seed: state.seed!, startedAt: command.now } }];
      }
      case 'AnswerRequest':
        // Answered once: a second run's answer (one that started again) gives way to the first one recorded.
        return state.phase === 'running' ? [{ type: 'IdempotentRequestAnswered', data: command.answer }] : [];
      case 'ReleaseRequest':
        return state.phase === 'running' ? [{ type: 'IdempotentRequestReleased', data: { status: command.status } }] : [];
    }
  },
};
