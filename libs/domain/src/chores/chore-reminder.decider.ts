import type { ChoreReminderSent } from '@familyos/events';
import type { Decider } from '../shared/decider.js';

/**
 * A child's reminder of one day's chores (issue 20), decided in its own stream `choreReminder-<childId>_<day>`:
 * sent once, the first time a chore's clock finds something still to do; every later ask is a no-op, so two
 * processes, a wake delivered twice or the boot's catch-up remind a child once a day.
 */
export interface ChoreReminderState {
  sent: boolean;
}

export interface RemindChild {
  type: 'RemindChild';
  childId: string;
  day: string;
  /** The child's chore occurrences still to do that day; none, no reminder. */
  tasks: { taskId: string; title: string }[];
}

export const choreReminderDecider: Decider<RemindChild, ChoreReminderState, ChoreReminderSent> = {
  initialState: { sent: false },
  evolve: () => ({ sent: true }),
  decide(command, state) {
    if (state.sent || command.tasks.length === 0) return [];
    return [{ type: 'ChoreReminderSent', data: { childId: command.childId, day: command.day, tasks: command.tasks } }];
  },
};
