import type { DomainEvent } from './envelope.js';

export type InviteRole = 'child' | 'manager';

/**
 * invite-<inviteId>, where inviteId is derived from the token (see domain inviteIdOf), so the public join
 * page finds its invite in the log without a read model. The token is kept so admins can copy the link again.
 */
export type InviteCreated = DomainEvent<
  'InviteCreated',
  { inviteId: string; familyId: string; token: string; role: InviteRole; maxUses: number; expiresAt: string | null }
>;
/** Decided in the invite's own stream: the uses counter can never pass maxUses, however many join at once. */
export type InviteUsed = DomainEvent<'InviteUsed', { memberId: string; currentUses: number }>;
export type InviteDeactivated = DomainEvent<'InviteDeactivated', Record<string, never>>;

export type InviteEvent = InviteCreated | InviteUsed | InviteDeactivated;
