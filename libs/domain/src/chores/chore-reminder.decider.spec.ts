import { deciderSpec } from '@familyos/testing';
import { choreReminderDecider, type RemindChild } from './chore-reminder.decider.js';

const remind = (tasks: RemindChild['tasks']): RemindChild => ({ type: 'RemindChild', childId: 'emma', day: '2026-11-26', tasks });
const spec = deciderSpec(choreReminderDecider);
const feed = [{ taskId: 'c1_2026-11-26', title: 'Feed the cat' }];

describe('a child’s reminder of a day’s chores', () => {
  it('is sent the first time, with what is still to do', () => {
    spec.given([]).when(remind(feed)).then([{ type: 'ChoreReminderSent', data: { childId: 'emma', day: '2026-11-26', tasks: feed } }]);
  });

  it('never a second time that day, whatever a later chore finds', () => {
    spec.given([{ type: 'ChoreReminderSent', data: { childId: 'emma', day: '2026-11-26', tasks: feed } }]).when(remind([{ taskId: 'c2_2026-11-26', title: 'Dishes' }])).thenNothing();
  });

  it('not at all when nothing is left to do', () => {
    spec.given([]).when(remind([])).thenNothing();
  });
});
