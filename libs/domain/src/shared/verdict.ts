import { DomainError } from './errors.js';

/**
 * What a command would do to a record in its current state, before its own payload is looked at: change it
 * (`accept`), change nothing because the state already says so (`noop`, an idempotent repeat), or be refused.
 * A decider acts on it (`when`), and the record's `can` (what the web app shows buttons from) is the set of
 * commands whose verdict is `accept`: one rule, read twice.
 */
export type Verdict = 'accept' | 'noop' | DomainError;

/** A verdict turned into the decider's answer: the events when accepted, none for a repeat, the refusal thrown. */
export function when<E>(verdict: Verdict, events: () => E[]): E[] {
  if (verdict instanceof DomainError) throw verdict;
  return verdict === 'noop' ? [] : events();
}
