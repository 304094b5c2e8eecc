import type { DomainEvent } from './envelope.js';

/**
 * pointsAccount-<childId>. One stream holds every invariant about a child's points (balance, pending
 * redemptions), so a single append with an expected revision decides every debit.
 */
export type PointsIssued = DomainEvent<
  'PointsIssued',
  { entryId: string; childId: string; amount: number; reason: string; approved: boolean; issuerId: string }
>;
/** The credit side of an approved task; appended in the same transaction as TaskApproved. */
export type TaskPointsAwarded = DomainEvent<
  'TaskPointsAwarded',
  { entryId: string; childId: string; taskId: string; amount: number; reason: string }
>;
/** The debit side of a reversed task ("Reversed: {title}"), appended in the same transaction as TaskReversed. */
export type TaskPointsReversed = DomainEvent<
  'TaskPointsReversed',
  { entryId: string; childId: string; taskId: string; amount: number; reason: string }
>;
/** The debit of a missed chore ("Missed: {title}"), appended in the same transaction as TaskMissed; `amount` < 0. */
export type MissedChorePointsDeducted = DomainEvent<
  'MissedChorePointsDeducted',
  { entryId: string; childId: string; taskId: string; amount: number; reason: string }
>;
/**
 * A streak milestone's bonus. `key` names the milestone reached (child, chore or overall, the run's first
 * period, the milestone), so it is credited once however often the streak reactor runs.
 */
export type StreakBonusCredited = DomainEvent<'StreakBonusCredited', { entryId: string; childId: string; key: string; amount: number; reason: string }>;
export type RedemptionRequested = DomainEvent<
  'RedemptionRequested',
  { redemptionId: string; childId: string; option: string; cost: number; emoji: string }
>;
export type RedemptionApproved = DomainEvent<
  'RedemptionApproved',
  { redemptionId: string; childId: string; entryId: string; cost: number; reason: string }
>;
export type RedemptionRejected = DomainEvent<'RedemptionRejected', { redemptionId: string; childId: string }>;

export type PointsAccountEvent =
  | PointsIssued
  | TaskPointsAwarded
  | TaskPointsReversed
  | MissedChorePointsDeducted
  | StreakBonusCredited
  | RedemptionRequested
  | RedemptionApproved
  | RedemptionRejected;
