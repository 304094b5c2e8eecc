import type { WeeklyReport } from '../../lib/types';

/**
 * SPEC §2 "Tips for Next Week" (parents): a few sentences drawn from the week's numbers, then general advice,
 * so there is always something useful to read.
 */
export function tipsFor(report: WeeklyReport): string[] {
  const tips: string[] = [];
  const quiet = report.children.filter((c) => c.tasksCompleted === 0);
  for (const c of quiet) tips.push(`${c.name} finished no tasks this week: a small daily task (Make Bed, Feed Pets) is an easy restart.`);
  for (const c of report.children) {
    if (c.tasksCompleted > 0 && c.byCategory.school === 0) tips.push(`${c.name} earned nothing for school work: try a Homework or Reading Time task.`);
    if (c.averageScore !== null && c.averageScore < 7) tips.push(`${c.name}'s average score was ${c.averageScore}/10: say what a 10 looks like before the next task.`);
  }
  const star = report.leaderboard[0];
  if (star && star.weeklyTotal > 0) tips.push(`Celebrate ${star.name}'s week (${star.weeklyTotal} FP) at dinner: praise works best when it is specific.`);
  tips.push('Keep at least one reward within a week’s reach for every child.');
  return tips.slice(0, 5);
}
