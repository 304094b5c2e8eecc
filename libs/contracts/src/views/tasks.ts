import type { TaskChoreLink, TaskStatus } from '@familyos/events';

/**
 * What the calling member may do to a task now, decided by libs/domain `taskCan` (the task decider's own
 * rules): each is true exactly when that command would be accepted and change something. The web app shows
 * its buttons from these and re-derives nothing.
 */
export interface TaskCan {
  submit: boolean;
  approve: boolean;
  reject: boolean;
  edit: boolean;
  delete: boolean;
  reverse: boolean;
  /** A child asks to skip its pending occurrence of a repeating chore. */
  requestSkip: boolean;
  /** A parent answers a child's skip request. */
  approveSkip: boolean;
  declineSkip: boolean;
}

/** A child's request to skip a chore's occurrence, waiting for a parent: who asked, why, when. */
export interface TaskSkipRequest {
  by: string;
  reason: string;
  at: string;
}

/** A task as the tasks read model keeps it (the answer without what is decided per caller). */
export interface TaskFields {
  id: string;
  title: string;
  description: string;
  status: TaskStatus;
  pointsValue: number;
  assignedTo: string[];
  dueDate: string | null;
  createdAt: string;
  createdBy: string;
  score: number | null;
  isRecurring: boolean;
  recurringFrequency: 'daily' | 'weekly' | null;
  isChildRequest: boolean;
  requestType: 'want_to_do' | 'already_did' | null;
  requestAccepted: boolean;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  /** The child the approval credited (stored from TaskApproved); null until approved. */
  creditedTo: string | null;
  /** Set when a parent reversed the approval: when, who and why. */
  reversedAt: string | null;
  reversedBy: string | null;
  reversalReason: string | null;
  /** An occurrence of a repeating chore: its chore and period (the family-local day); null on every other task. */
  chore: TaskChoreLink | null;
  /** The child who submitted it last (on a first-come occurrence, the one who took it); null until submitted. */
  submittedBy: string | null;
  /** A child's skip request a parent has not answered yet; cleared by an approval, a decline or a submission. */
  skipRequest: TaskSkipRequest | null;
  updatedAt: string;
}

/** GET /api/tasks and every task a task command answers. */
export interface TaskView extends TaskFields {
  can: TaskCan;
  /** A child's request no parent has decided yet (SPEC §4): a parent accepts or rejects it, the child waits. */
  requestAwaitingReview: boolean;
  /** The child an approval now would credit with pointsValue; null when approving credits nothing now (or nothing awaits approval). */
  approvalCreditsTo: string | null;
  /**
   * For a child, on a task shared with siblings (a first-come occurrence, a task given to several): the sibling
   * who took it (its approval credited them, or they handed it in and it waits or was rejected); null for a
   * parent, for the child who took it and while no one has (libs/domain `takenBy`). Such a task is not the
   * viewer's done task: the web app says "Taken by" and counts it apart (decision 047).
   */
  takenBy: string | null;
  /**
   * Where the task sits on the Tasks screen, by the family's time zone and the server's clock (libs/domain
   * `dueGroup`): only a pending task the child still has to do (not a request waiting for a parent) has one:
   * `overdue` (its due instant has passed), `today` (due before the family's today ends), `upcoming` (a later
   * day), `noDueDate`. A plain due day is due by the end of that day. Every other task is null.
   */
  dueGroup: DueGroup | null;
}

/**
 * GET /api/tasks/summary: the Tasks page's count cards and the dashboards' task figures, as the viewer sees the
 * tasks (a child: its own; a sibling's take is `taken`), from counters the projection keeps (decision 050).
 * Every task is in `total` and in one status (or `taken`); `open` counts those pending or submitted, `history`
 * the settled rest, by their status alone (what `?status=open` and `?status=history` list).
 */
export interface TaskSummaryView {
  total: number;
  open: number;
  history: number;
  pending: number;
  submitted: number;
  approved: number;
  rejected: number;
  reversed: number;
  missed: number;
  skipped: number;
  taken: number;
}

export type DueGroup = 'overdue' | 'today' | 'upcoming' | 'noDueDate';
