import type { ChoreScheduleData, ChoreSharingData } from '@familyos/events';

/** How one occurrence task of a period ended (ChoreOccurrenceSettled); a task with none is still open. */
export interface ChoreOutcomeView {
  taskId: string;
  /** Who did it (done), or whose it was; null for a first-come occurrence no one took. */
  childId: string | null;
  outcome: 'done' | 'missed' | 'skipped';
  /** When it was settled (UTC ISO); none on settlements from before issue 19's reactors. */
  at?: string;
}

/** One period the chore has had: who it went to, as which tasks, and how each ended so far. */
export interface ChorePeriodView {
  /** The family-local day, 'YYYY-MM-DD'. */
  periodKey: string;
  /** Empty when every child was away (paused) that day: no occurrence. */
  assignees: string[];
  taskIds: string[];
  /** In the order of taskIds; a task not listed is still open. */
  outcomes: ChoreOutcomeView[];
}

/** A repeating chore as the chores read model keeps it (issue 19, decision 034). */
export interface ChoreRecord {
  id: string;
  title: string;
  description: string;
  pointsValue: number;
  schedule: ChoreScheduleData;
  sharing: ChoreSharingData;
  /** The chore's children, in the order turns go. */
  children: string[];
  /** FP taken when an occurrence is missed and the family deducts for missed chores; 0: none. */
  missedDeduction: number;
  status: 'active' | 'paused' | 'ended';
  /** The family-local day the current pause began (null unless paused). */
  pausedOn: string | null;
  /** The chore's last day once ended (null until then). */
  endedOn: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The latest period recorded; null before the first. */
  lastPeriod: string | null;
  /** The most recent periods, oldest first (the chores projection keeps the last 60). */
  recentPeriods: ChorePeriodView[];
}

/** What the calling member may do to a chore now (to be reported from the chore decider's verdicts). */
export interface ChoreCan {
  edit: boolean;
  pause: boolean;
  resume: boolean;
  end: boolean;
}

/**
 * A period still to come, as the chore's schedule and turns plan it now: NOT created yet (no task exists). A
 * pause, an edit, a child away or an earlier turn's outcome (least done) may still change it.
 */
export interface PlannedPeriodView {
  /** The family-local day, 'YYYY-MM-DD'. */
  periodKey: string;
  /** When it would be due, UTC ISO (libs/domain `dueInstant`, in the family's time zone). */
  dueAt: string;
  /** Who it would go to: the child whose turn it is (turns), or every child not away (everyone, first come). */
  plannedAssignees: string[];
}

/** GET /api/chores and every chore a chore command answers. */
export interface ChoreView extends ChoreRecord {
  /** The schedule and sharing in plain words (libs/domain `describeChore`): "Every day, taking turns: Emma, then Leo". */
  summary: string;
  /** The next few periods (at most 5) after the last recorded one, from the family's today; none when paused or ended. */
  upcomingPlanned: PlannedPeriodView[];
  can: ChoreCan;
}

/**
 * GET /api/chores/upcoming: one period of a visible chore within the days asked: made and still open (`taskId`
 * set: its occurrence task), or planned, not created yet (`taskId` null).
 */
export interface UpcomingChoreView extends PlannedPeriodView {
  choreId: string;
  /** The chore's title, as its occurrence task is called. */
  title: string;
  taskId: string | null;
}

/** POST /api/chores/preview: what a draft chore would say and plan, nothing saved. */
export interface ChorePreview {
  summary: string;
  upcomingPlanned: PlannedPeriodView[];
}
