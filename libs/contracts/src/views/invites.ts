/**
 * Invite and access-request answers (decision 012). Types only: importing them
 * costs the browser nothing.
 */
export type InviteStatus = 'active' | 'deactivated' | 'expired' | 'used_up';

/** GET /api/family-invites, newest first. */
export interface InviteView {
  id: string;
  inviteToken: string;
  role: 'child' | 'manager';
  maxUses: number;
  currentUses: number;
  expiresAt: string | null;
  isActive: boolean;
  status: InviteStatus;
  createdAt: string;
  createdBy: string;
}

/** GET /api/public/invite/{token}: what anyone holding the link may see, never the family's id. */
export type PublicInviteView = Omit<InviteView, 'id' | 'createdAt' | 'createdBy'> & { family: { name: string } };

/** GET /api/admin/pending-users and the system-admin lists: an outside identity waiting to join. */
export interface PendingUserView {
  id: string;
  username: string;
  name: string;
  email: string | null;
  hubUserId: string | null;
  provider: 'hub' | 'oidc';
  /** null: system-level, no family fits. */
  familyId: string | null;
  requestedAt: string;
}
