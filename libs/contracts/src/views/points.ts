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

/**
 * GET /api/leaderboard: a child's standing. weekPoints: approved entries of the last 7 days, spending
 * excluded; rank: 1 + children with a higher balance (DESIGN §9).
 */
export interface LeaderboardEntryView {
  userId: string;
  name: string;
  username: string;
  avatar: string;
  balance: number;
  totalEarned: number;
  weekPoints: number;
  tasksDone: number;
  rank: number;
}
