import type { DomainEvent } from './envelope.js';

export type Role = 'child' | 'manager' | 'admin' | 'superuser';

/** How a member came to be; kept for the audit trail. */
export type JoinedVia = 'register' | 'demo' | 'added' | 'invite' | 'bootstrap' | 'approved' | 'assigned';

/** Where an outside identity comes from: the identity hub, or the family's own OpenID Connect provider. */
export type IdentityProvider = 'hub' | 'oidc';

/** member-<memberId> */
export type MemberJoined = DomainEvent<
  'MemberJoined',
  {
    memberId: string;
    familyId: string | null;
    username: string;
    name: string;
    role: Role;
    age: number | null;
    avatar: string;
    isPrimaryAdmin: boolean;
    via: JoinedVia;
  }
>;
export type MemberRenamed = DomainEvent<'MemberRenamed', { name: string }>;
export type MemberAvatarChanged = DomainEvent<'MemberAvatarChanged', { avatar: string }>;
/** The hash only, never the password (scrypt; see apps/api auth/passwords.ts). */
export type MemberPasswordSet = DomainEvent<'MemberPasswordSet', { passwordHash: string }>;

/**
 * The member signs in through an outside identity: the hub's user id, or the OpenID provider's subject.
 * `username` is the provider's own name for them (the hub username), shown and used for the hub profile.
 */
export type MemberIdentityLinked = DomainEvent<
  'MemberIdentityLinked',
  { provider: IdentityProvider; subject: string; username: string | null }
>;

export type MemberEvent = MemberJoined | MemberRenamed | MemberAvatarChanged | MemberPasswordSet | MemberIdentityLinked;

/** username-<lowercased username>: appended expecting no stream, so a username is claimed once. */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { username: string; memberId: string }>;
export type UsernameEvent = UsernameClaimed;

/**
 * identity-<provider>_<sha256 of the subject>: an outside identity belongs to one member, claimed once, so two
 * simultaneous sign-ins or joins of one hub user can never make two members.
 */
export type IdentityClaimed = DomainEvent<'IdentityClaimed', { provider: IdentityProvider; subject: string; memberId: string }>;
export type IdentityEvent = IdentityClaimed;

/** session-<sha256 of the token>: the token itself is never stored. */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  { memberId: string; method: 'password' | 'register' | 'hub' | 'oidc' | 'join'; expiresAt: string }
>;
export type SessionEnded = DomainEvent<'SessionEnded', { reason: 'logout' }>;
export type SessionEvent = SessionStarted | SessionEnded;
