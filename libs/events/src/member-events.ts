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
/**
 * The hash only, never the password (scrypt; see apps/api auth/passwords.ts). With `sessions`, the change ended
 * every session of the member started before it, except `kept`: the token hash of the session that changed its
 * own password (decision 029). A first password, and those set before sessions could be ended, carry none.
 */
export type MemberPasswordSet = DomainEvent<'MemberPasswordSet', { passwordHash: string; sessions?: { kept: string | null } }>;

/**
 * The member signs in through an outside identity: the hub's user id, or the OpenID provider's subject.
 * `username` is the provider's own name for them (the hub username), shown and used for the hub profile.
 */
export type MemberIdentityLinked = DomainEvent<
  'MemberIdentityLinked',
  { provider: IdentityProvider; subject: string; username: string | null }
>;

/** A parent gave the member another role; what the member did before stays theirs (decision 029). */
export type MemberRoleChanged = DomainEvent<'MemberRoleChanged', { role: Role; previousRole: Role }>;
/** The member can no longer sign in, and every session of theirs has ended; their history stays (decision 029). */
export type MemberDeactivated = DomainEvent<'MemberDeactivated', Record<string, never>>;
/**
 * The member can sign in again. `passwordWithdrawn`: an adult's password that another member set while they were
 * deactivated no longer signs them in; they choose one through a fresh sign-in link (decision 044).
 */
export type MemberReactivated = DomainEvent<'MemberReactivated', { passwordWithdrawn?: true }>;
/** SPEC §3 bio and websiteUrl: set by the member (or a parent), or filled in from the hub's extended profile. */
export type MemberProfileChanged = DomainEvent<'MemberProfileChanged', { bio: string; websiteUrl: string; source: 'member' | 'hub' }>;
/** A one-time link to set a password was made for the member; the link itself is `signInLink-<sha256 of the token>`. */
export type MemberSignInLinkCreated = DomainEvent<'MemberSignInLinkCreated', { expiresAt: string }>;
/** A parent named the hub account the member signs in with; its first hub sign-in links it (decision 029). */
export type MemberHubUsernameReserved = DomainEvent<'MemberHubUsernameReserved', { hubUsername: string }>;

/**
 * A parent paused a child (a vacation) from `fromDay` to `untilDay`, family-local days, both included: no chore
 * occurrences, no deductions, streaks frozen.
 */
export type MemberPaused = DomainEvent<'MemberPaused', { pauseId: string; fromDay: string; untilDay: string; reason: string }>;
/** A parent ended a pause early: its last day is now `untilDay` (before `fromDay`: it never took effect). */
export type MemberPauseEnded = DomainEvent<'MemberPauseEnded', { pauseId: string; untilDay: string }>;

/**
 * The member's own e-mail settings (issue 20): the address mail goes to (lower-cased; null once removed) and
 * whether they want the weekly report and the daily summary of what waits for them. The whole settings each
 * time, so the member's row and stream read them from one event.
 */
export type MemberEmailChanged = DomainEvent<'MemberEmailChanged', { address: string | null; weeklyReport: boolean; dailyDigest: boolean }>;
/**
 * The member asked for a link proving `address` is theirs (a new address, or "Send the link again"; decision 043).
 * The `email-confirmation` reactor mails it once; the token is made there and only its hash is ever stored.
 */
export type MemberEmailConfirmationRequested = DomainEvent<'MemberEmailConfirmationRequested', { address: string }>;
/** The owner of `address` followed its link: mail may go there until the address changes (decision 043). */
export type MemberEmailConfirmed = DomainEvent<'MemberEmailConfirmed', { address: string }>;

export type MemberEvent =
  | MemberJoined
  | MemberEmailChanged
  | MemberEmailConfirmationRequested
  | MemberEmailConfirmed
  | MemberRenamed
  | MemberAvatarChanged
  | MemberPasswordSet
  | MemberIdentityLinked
  | MemberRoleChanged
  | MemberDeactivated
  | MemberReactivated
  | MemberProfileChanged
  | MemberSignInLinkCreated
  | MemberHubUsernameReserved
  | MemberPaused
  | MemberPauseEnded;

/** username-<lowercased username>: appended expecting no stream, so a username is claimed once. */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { username: string; memberId: string }>;
export type UsernameEvent = UsernameClaimed;

/**
 * identity-<provider>_<sha256 of the subject>: an outside identity belongs to one member, claimed once, so two
 * simultaneous sign-ins or joins of one hub user can never make two members.
 */
export type IdentityClaimed = DomainEvent<'IdentityClaimed', { provider: IdentityProvider; subject: string; memberId: string }>;
export type IdentityEvent = IdentityClaimed;

/** How a session was started. */
export type SignInMethod = 'password' | 'register' | 'hub' | 'oidc' | 'join' | 'link';

/**
 * session-<sha256 of the token>: the token itself is never stored. `epoch` is the member's sign-in epoch when it
 * started (absent: 0); a password change or a deactivation moves the member's epoch on, ending older sessions.
 */
export type SessionStarted = DomainEvent<'SessionStarted', { memberId: string; method: SignInMethod; expiresAt: string; epoch?: number }>;
export type SessionEnded = DomainEvent<'SessionEnded', { reason: 'logout' }>;
export type SessionEvent = SessionStarted | SessionEnded;

/**
 * signInLink-<sha256 of the token>: a one-time link for a member to set a password and sign in (decision 029).
 * Only the hash names the stream; the token is shown once, to the parent who made it.
 */
/**
 * `memberEpoch`: the member's link epoch when the link was made (moved on by a role change, a deactivation and a
 * reactivation); the link works only while it is still the member's (decision 044). Older links carry none.
 */
export type SignInLinkCreated = DomainEvent<'SignInLinkCreated', { memberId: string; expiresAt: string; memberEpoch?: number }>;
export type SignInLinkUsed = DomainEvent<'SignInLinkUsed', Record<string, never>>;
export type SignInLinkEvent = SignInLinkCreated | SignInLinkUsed;

/**
 * emailConfirmation-<sha256 of the token>: the link mailed to an address to prove its owner wants FamilyOS mail
 * (decision 043). Only the hash names the stream; the token is in the mail alone. Used once, before it expires.
 */
export type EmailConfirmationCreated = DomainEvent<'EmailConfirmationCreated', { memberId: string; address: string; expiresAt: string }>;
export type EmailConfirmationUsed = DomainEvent<'EmailConfirmationUsed', Record<string, never>>;
export type EmailConfirmationEvent = EmailConfirmationCreated | EmailConfirmationUsed;

/**
 * hubUsername-<sha256 of the lowercased hub username>: a hub account a parent named for a member, claimed once,
 * so one hub user's first sign-in lands on exactly one member.
 */
export type HubUsernameClaimed = DomainEvent<'HubUsernameClaimed', { hubUsername: string; memberId: string }>;
export type HubUsernameEvent = HubUsernameClaimed;
