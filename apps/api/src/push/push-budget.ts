import type { StoredEvent } from '@familyos/events';
import { SYSTEM_ACTOR } from '@familyos/domain';

/**
 * The most pushes one request makes (decision 042), to every member it notifies together. A request's events
 * are one append: the same actor and timestamp, one after another in the log. The server's own events (the
 * chore clock's reminders) are no member's request: each of those is bounded alone.
 */
export const PUSHES_PER_REQUEST = 10;

/** How many pushes the delivery reactor may still send for each event it follows, in the log's order. */
export class PushBudget {
  private current = { key: '', spent: 0 };

  /** The pushes `event` may make: what its request has left. Counts them as spent. */
  take(event: Pick<StoredEvent, 'metadata'>, wanted: number): number {
    const { actorId, timestamp } = event.metadata;
    const key = actorId === SYSTEM_ACTOR ? null : `${actorId}\n${timestamp}`;
    if (key === null || key !== this.current.key) this.current = { key: key ?? '', spent: 0 };
    const granted = Math.min(wanted, PUSHES_PER_REQUEST - this.current.spent);
    this.current.spent += granted;
    return granted;
  }
}
