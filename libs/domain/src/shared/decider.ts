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
  /** For streams that grow long: how the state is kept as a snapshot (decision 016). */
  snapshot?: SnapshotCodec<State>;
}

/**
 * Turns a state into JSON and back. `version` names the state's shape and the evolve that built it: change it
 * whenever either changes, and every snapshot written before is ignored (the stream is folded again).
 */
export interface SnapshotCodec<State> {
  version: string;
  encode(state: State): unknown;
  decode(json: unknown): State;
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
