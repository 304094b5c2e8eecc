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
