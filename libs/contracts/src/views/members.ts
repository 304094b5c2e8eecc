import type { Role } from '@familyos/events';

/** SPEC §6 as the web app reads it: what this member may do (GET /api/auth/me), decided by the domain policy. */
export interface Abilities {
  completeTasks: boolean;
  requestTasks: boolean;
  requestRedemptions: boolean;
  hasBalance: boolean;
  reviewTasks: boolean;
  reviewChildRequests: boolean;
  reviewRedemptions: boolean;
  issuePoints: boolean;
  createTasks: boolean;
  useTaskTemplates: boolean;
  previewReport: boolean;
  viewAuditLog: boolean;
  manageSettings: boolean;
  manageMembers: boolean;
  manageInvites: boolean;
  reviewHubRequests: boolean;
  systemAdmin: boolean;
  postAnnouncements: boolean;
  addCalendarEvents: boolean;
  generateReports: boolean;
  exportData: boolean;
}

/** What the calling member may do to this member (libs/domain policy.ts `memberAbilities`, decision 029). */
export interface MemberCan {
  changeRole: boolean;
  deactivate: boolean;
  reactivate: boolean;
  /** Set the password without the current one (a parent, for a child or a deactivated member). */
  resetPassword: boolean;
  createSignInLink: boolean;
  /** Offered as a task's assignee: an active child, to a member who creates tasks. */
  assignTasks: boolean;
  /** Offered as the target of Issue Points: an active child, to a member who issues points. */
  issuePoints: boolean;
  /** Pause the child's chores for a while, and end a pause (POST/DELETE /api/users/{id}/pauses): a parent, for a child. */
  pause: boolean;
}

/** SPEC §3's User, as every endpoint answers it. Never a password hash, never a session. */
export interface UserView {
  id: string;
  username: string;
  name: string;
  role: Role;
  age: number | null;
  avatar: string;
  hubUserId: string | null;
  hubUsername: string | null;
  bio: string;
  websiteUrl: string;
  isPrimaryAdmin: boolean;
  familyId: string | null;
  createdAt?: string;
  /** false once a parent deactivated the member: listed (their history names them), marked inactive, no sign-in. */
  active: boolean;
  hasPassword: boolean;
  /** A hub account a parent named for the member, until its first hub sign-in links it. */
  pendingHubUsername: string | null;
  /** A child's pauses (vacations) that are current or upcoming on the family's today, by first day; [] otherwise. */
  pauses: MemberPauseView[];
  /** The one of `pauses` the child is on today (the family's day), or null: its screens say so (decision 047). */
  pausedNow: MemberPauseView | null;
  can: MemberCan;
}

/** A child away from one family-local day to another (both included): no occurrences, no deductions, streaks frozen. */
export interface MemberPauseView {
  id: string;
  fromDay: string;
  untilDay: string;
  reason: string;
  /** Who paused the child and when (null when answered from the member's stream, which does not keep them). */
  pausedBy: string | null;
  pausedAt: string | null;
}

/** A one-time link to set a password, answered once to the parent who made it; only its hash is stored. */
export interface SignInLinkView {
  token: string;
  expiresAt: string;
}

/** POST /api/users: the new member, and the one-time sign-in link when it was added without a password. */
export interface AddedMemberView extends UserView {
  signInLink: SignInLinkView | null;
}

/** GET /api/public/sign-in-link/{token}: what the holder of a link may see before using it. */
export interface PublicSignInLinkView {
  /** `voided`: the member's role or active state changed since the link was made (decision 044). */
  status: 'ready' | 'used' | 'expired' | 'voided' | 'inactive';
  name: string;
  username: string;
  familyName: string;
  expiresAt: string;
}

/** GET /api/auth/me: the signed-in member and what they may do. */
export interface MeView extends UserView {
  abilities: Abilities;
}

/** Who wrote a post or a comment, as the board shows it: name, avatar and the role its badge names. */
export interface AuthorView {
  id: string;
  /** For the avatar's link to /user/{username} (SPEC §2). */
  username: string;
  name: string;
  role: Role;
  avatar: string;
}
