import type { DomainEvent } from '@familyos/events';
import { DomainError, fold, type Decider, type ErrorCode } from '@familyos/domain';

/**
 * Given events / when command / then events (or then a refusal). Each spec also checks the decision is
 * replayable: folding the given events plus the new ones must not throw.
 */
export function deciderSpec<C, S, E extends DomainEvent>(decider: Decider<C, S, E>) {
  return {
    given(events: E[] = []) {
      const state = fold(decider, events);
      return {
        state,
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              const produced = run();
              expect(produced).toEqual(expected);
              fold(decider, [...events, ...produced]);
              return produced;
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenRefuses(code: ErrorCode, message?: string | RegExp) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code).toBe(code);
              if (message !== undefined) expect((caught as DomainError).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}

/**
 * Whether `command`, on the state `given` folds to, would be accepted and change something (append events):
 * what a record's `can` must say, checked against the decider itself.
 */
export function deciderAccepts<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, given: readonly E[], command: C): boolean {
  try {
    return decider.decide(command, fold(decider, given)).length > 0;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}
