/** GET /api/points: one entry of a child's points history. */
export interface PointsEntryView {
  id: string;
  userId: string;
  amount: number;
  reason: string;
  approved: boolean;
  date: string;
  issuerId: string | null;
  /**
   * reversal: a task's credit taken back ("Reversed: {title}"), with the task's id; missed: a chore's occurrence
   * missed ("Missed: {title}", a debit), with the task's id; streakBonus: a streak milestone's bonus (a credit).
   */
  source: 'issued' | 'task' | 'redemption' | 'reversal' | 'missed' | 'streakBonus';
  taskId: string | null;
  redemptionId: string | null;
}

/** GET /api/points/balance/{userId}. */
export interface BalanceView {
  balance: number;
}

/** What the calling member may do to a redemption now (libs/domain `redemptionCan`). */
export interface RedemptionCan {
  approve: boolean;
  reject: boolean;
}

/** A redemption as the points read model keeps it. */
export interface RedemptionFields {
  id: string;
  userId: string;
  option: string;
  emoji: string;
  cost: number;
  status: 'pending' | 'approved' | 'rejected';
  requestedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** GET /api/redemptions and every redemption a redemption command answers. */
export interface RedemptionView extends RedemptionFields {
  can: RedemptionCan;
}
