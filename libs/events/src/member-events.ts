import type { DomainEvent } from './envelope.js';

export type Role = 'child' | 'manager' | 'admin' | 'superuser';

/** How a member came to be; kept for the audit trail. */
export type JoinedVia = 'register' | 'demo' | 'added' | 'invite' | 'bootstrap';

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

export type MemberEvent = MemberJoined | MemberRenamed | MemberAvatarChanged | MemberPasswordSet;

/** username-<lowercased username>: appended expecting no stream, so a username is claimed once. */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { username: string; memberId: string }>;
export type UsernameEvent = UsernameClaimed;

/** session-<sha256 of the token>: the token itself is never stored. */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  { memberId: string; method: 'password' | 'register' | 'hub' | 'join'; expiresAt: string }
>;
export type SessionEnded = DomainEvent<'SessionEnded', { reason: 'logout' }>;
export type SessionEvent = SessionStarted | SessionEnded;
