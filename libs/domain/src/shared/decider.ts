import type { DomainEvent } from '@familyos/events';

/**
 * A decider is the whole behaviour of one stream: `decide` turns a command into new events given the
 * current state (throwing a DomainError to refuse), `evolve` folds one event into the state. Both are pure:
 * time, new ids and the acting member arrive inside the command.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
