import type {
  Abilities,
  ChildStanding,
  ChildStreaksView,
  ChorePreview,
  ChoreView,
  PlannedPeriodView,
  AddedMemberView,
  MemberPauseView,
  StreaksView,
  UpcomingChoreView,
  ChildWeeklyReport,
  EmailConfirmedView,
  EmailSettingsView,
  FamilyView,
  LeaderboardEntry,
  MeView,
  NotificationsView,
  NotificationView,
  PointsEntryView,
  PublicSignInLinkView,
  RedemptionView,
  StandingsView,
  SignInLinkView,
  TaskSummaryView,
  TaskView,
  ThisWeek,
  TokenStatusView,
  UserView,
  WeeklyReport,
} from '@familyos/contracts/rules';

/** What the API answers, by the names the screens use: declared once in libs/contracts (types only). */
export type Role = UserView['role'];
export type User = UserView;
export type Me = MeView;
export type Task = TaskView;
export type TaskSummary = TaskSummaryView;
export type Chore = ChoreView;
export type PlannedPeriod = PlannedPeriodView;
export type { ChorePreview };
export type PointsEntry = PointsEntryView;
export type Redemption = RedemptionView;
export type Family = FamilyView;
export type { WeeklyReport };
export type ReportChild = ChildWeeklyReport;
export type Standings = StandingsView;
export type { ChildStanding, LeaderboardEntry, ThisWeek };
export type TokenStatus = TokenStatusView;
export type { Abilities };
export type AddedMember = AddedMemberView;
export type SignInLink = SignInLinkView;
export type Streaks = StreaksView;
export type ChildStreaks = ChildStreaksView;
export type UpcomingChore = UpcomingChoreView;
export type MemberPause = MemberPauseView;
export type PublicSignInLink = PublicSignInLinkView;
export type Notifications = NotificationsView;
export type Notification = NotificationView;
export type EmailSettings = EmailSettingsView;
export type EmailConfirmed = EmailConfirmedView;

export const ROLE_LABEL: Record<Role, string> = { admin: 'Parent', manager: 'Manager', child: 'Child', superuser: 'Super User' };
export const ROLE_EMOJI: Record<Role, string> = { admin: '👑', manager: '🧑‍🤝‍🧑', child: '🧒', superuser: '🛡️' };
