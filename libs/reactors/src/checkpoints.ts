import { CheckpointMovedError, type ReadModelStore } from '@familyos/read-models';

/** Where each reactor has got to in the log. */
export interface ReactorCheckpoints {
  /** The position the reactor has reacted up to; null when it has never had a checkpoint. */
  read(reactor: string): Promise<number | null>;
  /**
   * Moves the reactor's checkpoint from `from` (0 for one it never had) to `to` if it is still there; answers
   * false, storing nothing, when another runner moved it first. `to` may be lower than `from` (starting over).
   */
  advance(reactor: string, from: number, to: number): Promise<boolean>;
}

/** A reactor's checkpoint row in the read-model store, beside the projections' own. */
export const reactorCheckpointName = (reactor: string) => `reactor:${reactor}`;

/**
 * Checkpoints shared by every process on the same read-model store, moved by the store's compare-and-set: for a
 * reactor whose effect is shared too (a command on the log, a job in Redis), so that one process's progress
 * spares the others the work and a restart goes on from there.
 */
export function storedCheckpoints(readModels: ReadModelStore): ReactorCheckpoints {
  return {
    async read(reactor) {
      return (await readModels.checkpoint(reactorCheckpointName(reactor)))?.position ?? null;
    },
    async advance(reactor, from, to) {
      try {
        await readModels.commit(reactorCheckpointName(reactor), { position: to, version: 1 }, async () => {}, from);
        return true;
      } catch (error) {
        if (error instanceof CheckpointMovedError) return false;
        throw error;
      }
    },
  };
}

/**
 * Checkpoints of this process alone, lost when it stops: for a reactor whose effect is in this process's memory
 * (the in-process report scheduler), which every process must apply for itself and every boot rebuilds anyway.
 * A reactor not set here has no checkpoint yet.
 */
export function processCheckpoints(start: Record<string, number> = {}): ReactorCheckpoints & { set(reactor: string, position: number): void } {
  const positions = new Map(Object.entries(start));
  return {
    async read(reactor) {
      return positions.get(reactor) ?? null;
    },
    async advance(reactor, from, to) {
      if ((positions.get(reactor) ?? 0) !== from) return false;
      positions.set(reactor, to);
      return true;
    },
    set(reactor, position) {
      positions.set(reactor, position);
    },
  };
}
