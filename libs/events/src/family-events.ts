import type { DomainEvent } from './envelope.js';

export type Weekday = 'Sunday' | 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday';

export interface PointSettings {
  allowNegative: boolean;
  interestRate: number;
  currency: string;
}

export interface Reward {
  name: string;
  cost: number;
  emoji: string;
}

export interface TaskTemplate {
  title: string;
  description: string;
  points: number;
  emoji: string;
}

/** Everything a family decides about itself; the decider's state and the read model both extend it. */
export interface FamilySettings {
  name: string;
  timeZone: string;
  pointSettings: PointSettings;
  weeklyReportDay: Weekday;
  rewards: Reward[];
  taskTemplates: TaskTemplate[];
  hiddenSystemTemplates: string[];
}

/** family-<familyId> */
export type FamilyCreated = DomainEvent<'FamilyCreated', FamilySettings & { familyId: string }>;
export type FamilyRenamed = DomainEvent<'FamilyRenamed', { name: string }>;
export type PointSettingsChanged = DomainEvent<'PointSettingsChanged', PointSettings>;
export type WeeklyReportDayChanged = DomainEvent<'WeeklyReportDayChanged', { weeklyReportDay: Weekday }>;
export type FamilyTimeZoneChanged = DomainEvent<'FamilyTimeZoneChanged', { timeZone: string }>;
export type RewardsChanged = DomainEvent<'RewardsChanged', { rewards: Reward[] }>;
export type TaskTemplatesChanged = DomainEvent<'TaskTemplatesChanged', { taskTemplates: TaskTemplate[] }>;
export type SystemTemplatesHiddenChanged = DomainEvent<
  'SystemTemplatesHiddenChanged',
  { hiddenSystemTemplates: string[] }
>;

/** A streak milestone a parent sets: reaching `streak` in a row credits `points` FP. */
export interface StreakMilestoneSetting {
  streak: number;
  points: number;
}
/** What the family's repeating chores do (issue 19): whether a missed one deducts its chore's deduction, and the streak bonuses. */
export interface ChoreSettings {
  missedChore: 'nothing' | 'deduct';
  streakMilestones: StreakMilestoneSetting[];
  /**
   * When children with chores still to do today are reminded (issue 20), 'HH:MM' in the family's time zone, or
   * null for never. Absent in events written before reminders: the default (DEFAULT_CHORE_SETTINGS) then.
   */
  reminderTime?: string | null;
}
/** Families created before chores have the defaults (family decider DEFAULT_CHORE_SETTINGS) until this is appended. */
export type ChoreSettingsChanged = DomainEvent<'ChoreSettingsChanged', ChoreSettings>;

export type FamilyEvent =
  | FamilyCreated
  | FamilyRenamed
  | PointSettingsChanged
  | WeeklyReportDayChanged
  | FamilyTimeZoneChanged
  | RewardsChanged
  | TaskTemplatesChanged
  | SystemTemplatesHiddenChanged
  | ChoreSettingsChanged;
