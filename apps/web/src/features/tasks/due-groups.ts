import type { Task } from '../../lib/types';

/** The Tasks page's sections: the server's `dueGroup` for work still to do, then everything else. */
export type TaskSection = NonNullable<Task['dueGroup']> | 'other';

export const SECTION_LABEL: Record<TaskSection, string> = {
  overdue: 'Overdue',
  today: 'Today',
  upcoming: 'Upcoming',
  noDueDate: 'No due date',
  other: 'Waiting and done',
};

const ORDER: readonly TaskSection[] = ['overdue', 'today', 'upcoming', 'noDueDate', 'other'];

/** Soonest first within a due group; `tasks` keeps its order otherwise (and in 'other'). */
const byDue = (a: Task, b: Task) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '');

/** The non-empty sections in page order, each with its tasks. */
export function sectionsOf(tasks: Task[]): { section: TaskSection; tasks: Task[] }[] {
  return ORDER.map((section) => {
    const inSection = tasks.filter((t) => (t.dueGroup ?? 'other') === section);
    return { section, tasks: section === 'other' || section === 'noDueDate' ? inSection : [...inSection].sort(byDue) };
  }).filter((s) => s.tasks.length > 0);
}
