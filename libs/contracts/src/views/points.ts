/** GET /api/points: one entry of a child's points history. */
export interface PointsEntryView {
  id: string;
  userId: string;
  amount: number;
  reason: string;
  approved: boolean;
  date: string;
  issuerId: string | null;
  source: 'issued' | 'task' | 'redemption';
  taskId: string | null;
  redemptionId: string | null;
}

/** GET /api/points/balance/{userId}. */
export interface BalanceView {
  balance: number;
}

/** GET /api/redemptions and every redemption a redemption command answers. */
export interface RedemptionView {
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
