import type { FamilySettings, Role, TaskStatus } from '@familyos/events';

/** The documents the projections write and the queries read. */
export interface FamilyDoc extends FamilySettings {
  id: string;
  familyId: string;
  createdAt: string;
}

export interface MemberDoc {
  id: string;
  familyId: string | null;
  username: string;
  usernameLower: string;
  name: string;
  role: Role;
  age: number | null;
  avatar: string;
  isPrimaryAdmin: boolean;
  hubUserId: string | null;
  bio: string;
  websiteUrl: string;
  hasPassword: boolean;
  createdAt: string;
}

export interface TaskDoc {
  id: string;
  familyId: string;
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
  updatedAt: string;
}

export interface PointsEntryDoc {
  id: string;
  familyId: string;
  userId: string;
  amount: number;
  reason: string;
  approved: boolean;
  date: string;
  issuerId: string | null;
  source: 'issued' | 'task' | 'redemption';
  taskId: string | null;
  redemptionId: string | null;
  position: number;
}

export interface BalanceDoc {
  id: string;
  familyId: string;
  userId: string;
  balance: number;
  totalEarned: number;
  totalSpent: number;
  /** Position of the last event folded in: makes the running totals idempotent under replays. */
  lastPosition: number;
}

export interface RedemptionDoc {
  id: string;
  familyId: string;
  userId: string;
  option: string;
  emoji: string;
  cost: number;
  status: 'pending' | 'approved' | 'rejected';
  requestedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface AuditDoc {
  id: string;
  familyId: string;
  action: string;
  timestamp: string;
  actorId: string;
  summary: string;
  position: number;
}
