/** A run of done occurrences: the one going on now (0 when none) and the longest the kept periods show. */
export interface StreakCount {
  current: number;
  longest: number;
}

/** One repeating chore's streak of a child, counted in the chore's periods (days for a daily chore). */
export interface ChoreStreakView extends StreakCount {
  choreId: string;
  title: string;
}

/** A child's streaks: overall in days (a day counts when every chore settled that day was done), and per chore. */
export interface ChildStreaksView {
  childId: string;
  overall: StreakCount;
  /** The chores the child is one of the children of and that have not ended, in the family's chore order. */
  chores: ChoreStreakView[];
}

/** GET /api/streaks: every active child of the family for a parent, only itself for a child. */
export interface StreaksView {
  children: ChildStreaksView[];
}
