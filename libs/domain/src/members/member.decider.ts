import type {
  DomainEvent,
  EmailConfirmationEvent,
  HubUsernameEvent,
  IdentityEvent,
  IdentityProvider,
  MemberEvent,
  MemberJoined,
  Role,
  SignInLinkEvent,
  UsernameEvent,
} from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, DomainError, forbidden, forbiddenField, invalid, notFound } from '../shared/errors.js';
import { normalizeEmailAddress } from './mailbox.js';
import { addDays as addDaysKey, parseDay } from '../chores/local-days.js';
import { assertCan, can, canCreateSignInLink, canEditMember, canManageMember, canResetPassword, type MemberFacts } from '../shared/policy.js';

/** The member as its MemberJoined payload introduced it, folded forward. */
type JoinedData = MemberJoined['data'];

export type MemberState = Omit<JoinedData, 'memberId' | 'via'> & {
  exists: boolean;
  id: string;
  passwordHash: string | null;
  /** The hub's user id and username when the member signs in through the hub. */
  hubUserId: string | null;
  hubUsername: string | null;
  /** The OpenID provider's subject when the member signs in through it. */
  oidcSubject: string | null;
  /** A hub account a parent named for the member, until its first hub sign-in links it. */
  reservedHubUsername: string | null;
  bio: string;
  websiteUrl: string;
  active: boolean;
  /**
   * Moves on with every password change and deactivation: a session started at an older epoch no longer
   * signs in, except `sessionKept` (the session that changed its own password). See `acceptsSession`.
   */
  signInEpoch: number;
  sessionKept: string | null;
  /**
   * Moves on with every role change, deactivation and reactivation: a sign-in link works only while the epoch it
   * recorded is still the member's, so a link does not outlive the role or the activation it was made for (044).
   */
  linkEpoch: number;
  /** The password was set while the member was deactivated, so by another member (decision 044). */
  passwordSetWhileInactive: boolean;
  /** A child's pauses (vacations), each as it stands now (an ended one with its new last day). */
  pauses: ChildPause[];
  /** The member's e-mail settings (issue 20): no address, nothing is mailed; unconfirmed, nothing but the link. */
  email: EmailState;
};

/** A member's e-mail address and what they want mailed to it. */
export interface EmailSettings {
  address: string | null;
  weeklyReport: boolean;
  dailyDigest: boolean;
}

export const NO_EMAIL: EmailSettings = { address: null, weeklyReport: false, dailyDigest: false };

/**
 * The settings and whether the owner of the address proved it is theirs (decision 043). A new address starts
 * unconfirmed, and so does every address set before confirmation existed: no event ever confirmed it.
 */
export type EmailState = EmailSettings & { confirmed: boolean };

/** Family-local days, both included; `untilDay` before `fromDay` once ended before it began. */
export interface ChildPause {
  pauseId: string;
  fromDay: string;
  untilDay: string;
  reason: string;
}

/** Whether the child is paused on `day` (a family-local 'YYYY-MM-DD'): no occurrence, no deduction, streak frozen. */
export const isPausedOn = (pauses: readonly Pick<ChildPause, 'fromDay' | 'untilDay'>[], day: string) => pauses.some((p) => p.fromDay <= day && day <= p.untilDay);

/**
 * The pauses a child's answers list on `today` (the family's day): those still current or to come, by first day.
 * One over, or ended before it began (`untilDay` before `fromDay`), is left out. Every member answer reads this,
 * a sign-in's too (decision 047).
 */
/** The pause `day` falls in (a family-local 'YYYY-MM-DD'), or null: what "paused today" means on every screen. */
export function pauseOn<P extends Pick<ChildPause, 'fromDay' | 'untilDay'>>(pauses: readonly P[], day: string): P | null {
  return pauses.find((p) => isPausedOn([p], day)) ?? null;
}

export function pausesToShow<P extends Pick<ChildPause, 'fromDay' | 'untilDay'>>(pauses: readonly P[], today: string): P[] {
  return pauses.filter((p) => p.untilDay >= p.fromDay && p.untilDay >= today).sort((a, b) => (a.fromDay < b.fromDay ? -1 : a.fromDay > b.fromDay ? 1 : 0));
}

export interface OutsideIdentity {
  provider: IdentityProvider;
  subject: string;
  username: string | null;
}

export type NewMember = JoinedData & {
  passwordHash: string | null;
  identity?: OutsideIdentity | null;
  /** The hub account this member will sign in with (its hubUsername claim is the caller's). */
  hubUsername?: string | null;
};

/**
 * How whoever sets a password proved they may: the member's current password (given right or wrong, or not
 * given), a one-time sign-in link, or the server's own configuration (FAMILYOS_SUPERUSER). A parent setting a
 * child's or a deactivated member's password needs none of these.
 */
export type PasswordProof = 'current-password' | 'wrong-current-password' | 'none' | 'sign-in-link' | 'configuration';

export type MemberCommand =
  /** `actor` is the admin adding the member; absent when the member creates itself (register, demo, bootstrap). */
  | { type: 'JoinMember'; actor?: Actor; member: NewMember }
  | { type: 'RenameMember'; actor: Actor; name: string }
  | { type: 'ChangeAvatar'; actor: Actor; avatar: string }
  /** `session`: the token hash of the caller's session, which stays signed in when it changes its own password. */
  | { type: 'SetPassword'; actor: Actor; passwordHash: string; proof: PasswordProof; session?: string | null }
  | { type: 'ChangeRole'; actor: Actor; role: Role }
  | { type: 'DeactivateMember'; actor: Actor }
  | { type: 'ReactivateMember'; actor: Actor }
  | { type: 'ChangeProfile'; actor: Actor; bio?: string; websiteUrl?: string }
  /** At hub sign-in: the hub's extended profile fills in what the member has left empty (decision 029). */
  | { type: 'MergeHubProfile'; bio: string | null; websiteUrl: string | null }
  | { type: 'CreateSignInLink'; actor: Actor; expiresAt: string }
  /** A sign-in through an outside identity lands on this member (the hub account a parent named for them). */
  | { type: 'LinkIdentity'; identity: OutsideIdentity }
  /** A parent pauses a child from `fromDay` to `untilDay` (family-local days, included); `today` is the family's. */
  | { type: 'PauseChild'; actor: Actor; pauseId: string; fromDay: string; untilDay: string; reason: string; today: string }
  /** A parent ends a pause early: the child is back from `today`. */
  | { type: 'EndPause'; actor: Actor; pauseId: string; today: string }
  /** The member changes their own e-mail settings; a field left out stays as it was (null/'' removes the address). */
  | { type: 'ChangeEmail'; actor: Actor; address?: string | null; weeklyReport?: boolean; dailyDigest?: boolean }
  /** "Send the link again": the member asks for another confirmation mail to their unconfirmed address. */
  | { type: 'RequestEmailConfirmation'; actor: Actor }
  /** The holder of a confirmation link for `address` followed it: the token proves the mailbox (decision 043). */
  | { type: 'ConfirmEmail'; address: string };

function assertVisible(actor: Actor, state: MemberState): void {
  if (!state.exists || (state.familyId !== actor.familyId && actor.id !== state.id)) throw notFound('User');
}

function assertEditable(actor: Actor, state: MemberState): void {
  assertVisible(actor, state);
  if (!canEditMember(actor, state)) throw forbidden('You can only change your own profile');
}

/** The member as the member rules of libs/domain policy.ts see it. */
export function memberFacts(state: MemberState): MemberFacts {
  const canSignIn = state.passwordHash !== null || state.hubUserId !== null || state.oidcSubject !== null || state.reservedHubUsername !== null;
  return { id: state.id, familyId: state.familyId, role: state.role, isPrimaryAdmin: state.isPrimaryAdmin, active: state.active, canSignIn };
}

/** The refusals of a member's role, active flag and password, each naming what was asked. */
const REFUSALS = {
  role: { parentsOnly: messages.memberRoleParentsOnly, primaryAdmin: messages.memberRolePrimaryAdmin, self: messages.memberRoleSelf },
  active: { parentsOnly: messages.memberActiveParentsOnly, primaryAdmin: messages.memberActivePrimaryAdmin, self: messages.memberActiveSelf },
  password: { parentsOnly: messages.memberPasswordParentsOnly, primaryAdmin: messages.primaryAdminPassword, self: messages.memberPasswordParentsOnly },
} as const;

/** Why this actor may not manage this member, in words (decision 029). */
function assertManageable(actor: Actor, state: MemberState, what: keyof typeof REFUSALS): void {
  assertVisible(actor, state);
  if (canManageMember(actor, memberFacts(state))) return;
  const refusal = REFUSALS[what];
  if (!can(actor, 'manageMembers')) throw forbiddenField(refusal.parentsOnly, what);
  if (state.isPrimaryAdmin) throw forbiddenField(refusal.primaryAdmin, what);
  if (state.role === 'superuser') throw forbiddenField(messages.memberSuperuser, what);
  if (actor.id === state.id) throw forbiddenField(refusal.self, what);
  throw forbiddenField(refusal.parentsOnly, what);
}

/** Pausing a child is a parent's (a manager too: it is about chores, not about managing members). */
function assertPausable(actor: Actor, state: MemberState): void {
  assertVisible(actor, state);
  if (state.familyId !== actor.familyId) throw notFound('User');
  assertCan(actor, 'createTasks');
  if (state.role !== 'child') throw invalid(messages.pauseChildOnly, 'userId');
}

function decidePause(command: Extract<MemberCommand, { type: 'PauseChild' }>, state: MemberState): MemberEvent[] {
  assertPausable(command.actor, state);
  if (state.pauses.some((p) => p.pauseId === command.pauseId)) return [];
  const { fromDay, untilDay, today } = command;
  if (!parseDay(fromDay)) throw invalid(messages.pauseDays, 'fromDay');
  if (!parseDay(untilDay)) throw invalid(messages.pauseDays, 'untilDay');
  if (untilDay < fromDay) throw invalid(messages.pauseEndBeforeStart, 'untilDay');
  if (untilDay < today) throw invalid(messages.pausePast, 'untilDay');
  const reason = command.reason.trim();
  if (!reason) throw invalid(messages.reasonRequired, 'reason');
  if (reason.length > limits.points.reasonMax) throw invalid(messages.reasonTooLong, 'reason');
  return [{ type: 'MemberPaused', data: { pauseId: command.pauseId, fromDay, untilDay, reason } }];
}

/** The child is back today: yesterday becomes the pause's last day. A pause already over is left as it was. */
function decideEndPause(command: Extract<MemberCommand, { type: 'EndPause' }>, state: MemberState): MemberEvent[] {
  assertPausable(command.actor, state);
  const pause = state.pauses.find((p) => p.pauseId === command.pauseId);
  if (!pause) throw notFound('Pause');
  const yesterday = addDaysKey(command.today, -1);
  if (pause.untilDay <= yesterday) return [];
  const untilDay = yesterday < pause.fromDay ? addDaysKey(pause.fromDay, -1) : yesterday;
  return [{ type: 'MemberPauseEnded', data: { pauseId: pause.pauseId, untilDay } }];
}

/** An e-mail address is seen by its member and the family's admins, no one else (issue 20). */
export function canSeeEmail(actor: Actor, member: Pick<MemberFacts, 'id' | 'familyId'>): boolean {
  return actor.id === member.id || (actor.familyId !== null && actor.familyId === member.familyId && can(actor, 'manageMembers'));
}

/**
 * Only the member changes their own e-mail settings: a parent can neither give a child an address nor turn a
 * mail on for someone else. A first address turns both mails on; removing it turns them off.
 */
function decideChangeEmail(command: Extract<MemberCommand, { type: 'ChangeEmail' }>, state: MemberState): MemberEvent[] {
  assertVisible(command.actor, state);
  if (command.actor.id !== state.id) throw forbidden(messages.emailOwnOnly);
  const current = state.email;
  const address = command.address === undefined ? current.address : command.address === null || command.address.trim() === '' ? null : normalizeEmailAddress(command.address);
  let next: EmailSettings;
  if (address === null) {
    if (command.weeklyReport || command.dailyDigest) throw invalid(messages.emailNeedsAddress, 'address');
    next = NO_EMAIL;
  } else {
    const fresh = current.address === null;
    next = {
      address,
      weeklyReport: command.weeklyReport ?? (fresh ? true : current.weeklyReport),
      dailyDigest: command.dailyDigest ?? (fresh ? true : current.dailyDigest),
    };
  }
  if (next.address === current.address && next.weeklyReport === current.weeklyReport && next.dailyDigest === current.dailyDigest) return [];
  const changed: MemberEvent = { type: 'MemberEmailChanged', data: next };
  // A new address gets one mail, the link proving it is the member's, and nothing else until it is followed.
  if (next.address !== null && next.address !== current.address) return [changed, { type: 'MemberEmailConfirmationRequested', data: { address: next.address } }];
  return [changed];
}

function decideRequestEmailConfirmation(command: Extract<MemberCommand, { type: 'RequestEmailConfirmation' }>, state: MemberState): MemberEvent[] {
  assertVisible(command.actor, state);
  if (command.actor.id !== state.id) throw forbidden(messages.emailOwnOnly);
  const { address, confirmed } = state.email;
  if (address === null) throw invalid(messages.emailNeedsAddress, 'address');
  if (confirmed) throw conflict(messages.emailAlreadyConfirmed);
  return [{ type: 'MemberEmailConfirmationRequested', data: { address } }];
}

/** A link for an address the member has since changed or removed confirms nothing. */
function decideConfirmEmail(command: Extract<MemberCommand, { type: 'ConfirmEmail' }>, state: MemberState): MemberEvent[] {
  if (!state.exists) throw notFound('User');
  if (state.email.address !== command.address) throw conflict(messages.emailConfirmationStale);
  if (state.email.confirmed) return [];
  return [{ type: 'MemberEmailConfirmed', data: { address: command.address } }];
}

function decideSetPassword(command: Extract<MemberCommand, { type: 'SetPassword' }>, state: MemberState): MemberEvent[] {
  const { actor, proof } = command;
  assertVisible(actor, state);
  // A changed password ends every other session of the member at once.
  const set = (kept: string | null = null): MemberEvent[] => [
    { type: 'MemberPasswordSet', data: { passwordHash: command.passwordHash, sessions: { kept } } },
  ];
  if (proof === 'configuration') {
    if (state.role !== 'superuser') throw forbiddenField(messages.memberPasswordParentsOnly, 'password');
    return set();
  }
  if (proof === 'sign-in-link') {
    if (!state.active) throw forbidden(messages.memberDeactivated);
    return set();
  }
  if (actor.id === state.id) {
    // Adults and children alike change their own password only with the current one (a session alone is not enough).
    if (state.passwordHash !== null && proof === 'none') throw invalid(messages.currentPasswordRequired, 'currentPassword');
    if (state.passwordHash !== null && proof === 'wrong-current-password') throw invalid(messages.currentPasswordWrong, 'currentPassword');
    return set(command.session ?? null);
  }
  if (canResetPassword(actor, memberFacts(state))) return set();
  assertManageable(actor, state, 'password');
  throw forbiddenField(messages.memberPasswordChildOnly, 'password');
}

/** Reactivating an adult does not restore a password another member set while it was deactivated (decision 044). */
const withdrawsPassword = (state: MemberState) => state.role !== 'child' && state.passwordSetWhileInactive && state.passwordHash !== null;

export const memberDecider: Decider<MemberCommand, MemberState, MemberEvent> = {
  initialState: {
    exists: false,
    id: '',
    familyId: null,
    username: '',
    name: '',
    role: 'child',
    age: null,
    avatar: '',
    isPrimaryAdmin: false,
    passwordHash: null,
    hubUserId: null,
    hubUsername: null,
    oidcSubject: null,
    reservedHubUsername: null,
    bio: '',
    websiteUrl: '',
    active: true,
    signInEpoch: 0,
    sessionKept: null,
    linkEpoch: 0,
    passwordSetWhileInactive: false,
    pauses: [],
    email: { ...NO_EMAIL, confirmed: false },
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MemberJoined': {
        const { memberId, via: _via, ...rest } = event.data;
        return { ...state, ...rest, id: memberId, exists: true };
      }
      case 'MemberRenamed':
        return { ...state, name: event.data.name };
      case 'MemberAvatarChanged':
        return { ...state, avatar: event.data.avatar };
      case 'MemberPasswordSet': {
        // A deactivated member cannot set their own (no session, links refused): another member set this one.
        const set = { ...state, passwordHash: event.data.passwordHash, passwordSetWhileInactive: !state.active };
        if (!event.data.sessions) return set;
        return { ...set, signInEpoch: state.signInEpoch + 1, sessionKept: event.data.sessions.kept };
      }
      case 'MemberIdentityLinked':
        return event.data.provider === 'hub'
          ? { ...state, hubUserId: event.data.subject, hubUsername: event.data.username, reservedHubUsername: null }
          : { ...state, oidcSubject: event.data.subject };
      case 'MemberRoleChanged':
        return { ...state, role: event.data.role, linkEpoch: state.linkEpoch + 1 };
      case 'MemberDeactivated':
        return { ...state, active: false, signInEpoch: state.signInEpoch + 1, sessionKept: null, linkEpoch: state.linkEpoch + 1 };
      case 'MemberReactivated': {
        const reactivated = { ...state, active: true, linkEpoch: state.linkEpoch + 1 };
        return event.data.passwordWithdrawn ? { ...reactivated, passwordHash: null, passwordSetWhileInactive: false } : reactivated;
      }
      case 'MemberProfileChanged':
        return { ...state, bio: event.data.bio, websiteUrl: event.data.websiteUrl };
      case 'MemberSignInLinkCreated':
        return state;
      case 'MemberHubUsernameReserved':
        return { ...state, reservedHubUsername: event.data.hubUsername };
      case 'MemberPaused': {
        const { pauseId, fromDay, untilDay, reason } = event.data;
        return { ...state, pauses: [...state.pauses, { pauseId, fromDay, untilDay, reason }] };
      }
      case 'MemberPauseEnded':
        return { ...state, pauses: state.pauses.map((p) => (p.pauseId === event.data.pauseId ? { ...p, untilDay: event.data.untilDay } : p)) };
      case 'MemberEmailChanged':
        return { ...state, email: { ...event.data, confirmed: state.email.confirmed && event.data.address !== null && event.data.address === state.email.address } };
      case 'MemberEmailConfirmationRequested':
        return state;
      case 'MemberEmailConfirmed':
        return state.email.address === event.data.address ? { ...state, email: { ...state.email, confirmed: true } } : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'JoinMember': {
        // Ids repeat only for one request run again (its first run died before answering: decision 026).
        if (state.exists) return [];
        const { passwordHash, identity, hubUsername, ...m } = command.member;
        if (command.actor) {
          assertCan(command.actor, 'manageMembers');
          if (command.actor.familyId === null || command.actor.familyId !== m.familyId) throw notFound('Family');
          if (m.role === 'superuser') throw forbidden(messages.memberRole);
        }
        const events: MemberEvent[] = [{ type: 'MemberJoined', data: m }];
        if (passwordHash) events.push({ type: 'MemberPasswordSet', data: { passwordHash } });
        if (identity) events.push({ type: 'MemberIdentityLinked', data: identity });
        if (hubUsername) events.push({ type: 'MemberHubUsernameReserved', data: { hubUsername } });
        return events;
      }
      case 'RenameMember':
        assertEditable(command.actor, state);
        return command.name === state.name ? [] : [{ type: 'MemberRenamed', data: { name: command.name } }];
      case 'ChangeAvatar':
        assertEditable(command.actor, state);
        return command.avatar === state.avatar ? [] : [{ type: 'MemberAvatarChanged', data: { avatar: command.avatar } }];
      case 'SetPassword':
        return decideSetPassword(command, state);
      case 'ChangeRole':
        assertManageable(command.actor, state, 'role');
        if (command.role === 'superuser') throw forbiddenField(messages.memberRole, 'role');
        return command.role === state.role ? [] : [{ type: 'MemberRoleChanged', data: { role: command.role, previousRole: state.role } }];
      case 'DeactivateMember':
        assertManageable(command.actor, state, 'active');
        return state.active ? [{ type: 'MemberDeactivated', data: {} }] : [];
      case 'ReactivateMember':
        assertManageable(command.actor, state, 'active');
        if (state.active) return [];
        // A second admin could deactivate an adult, set its password, reactivate it and sign in as it (decision 044).
        return [{ type: 'MemberReactivated', data: withdrawsPassword(state) ? { passwordWithdrawn: true } : {} }];
      case 'ChangeProfile': {
        assertEditable(command.actor, state);
        const bio = command.bio ?? state.bio;
        const websiteUrl = command.websiteUrl ?? state.websiteUrl;
        if (bio === state.bio && websiteUrl === state.websiteUrl) return [];
        return [{ type: 'MemberProfileChanged', data: { bio, websiteUrl, source: 'member' } }];
      }
      case 'MergeHubProfile': {
        if (!state.exists) throw notFound('User');
        // What the member wrote here wins; the hub fills only what is empty.
        const bio = state.bio || command.bio || '';
        const websiteUrl = state.websiteUrl || command.websiteUrl || '';
        if (bio === state.bio && websiteUrl === state.websiteUrl) return [];
        return [{ type: 'MemberProfileChanged', data: { bio, websiteUrl, source: 'hub' } }];
      }
      case 'CreateSignInLink':
        assertVisible(command.actor, state);
        if (!canCreateSignInLink(command.actor, memberFacts(state))) {
          assertManageable(command.actor, state, 'password');
          throw forbiddenField(messages.memberPasswordChildOnly, 'password');
        }
        return [{ type: 'MemberSignInLinkCreated', data: { expiresAt: command.expiresAt } }];
      case 'LinkIdentity': {
        if (!state.exists) throw notFound('User');
        const { provider, subject } = command.identity;
        const linked = provider === 'hub' ? state.hubUserId : state.oidcSubject;
        if (linked === subject) return [];
        if (linked !== null) throw conflict(messages.alreadyMember);
        return [{ type: 'MemberIdentityLinked', data: command.identity }];
      }
      case 'PauseChild':
        return decidePause(command, state);
      case 'EndPause':
        return decideEndPause(command, state);
      case 'ChangeEmail':
        return decideChangeEmail(command, state);
      case 'RequestEmailConfirmation':
        return decideRequestEmailConfirmation(command, state);
      case 'ConfirmEmail':
        return decideConfirmEmail(command, state);
    }
  },
};

/**
 * Whether a session still signs this member in: the member is active, and the session started at the member's
 * current sign-in epoch, or is the one session kept by the last password change (decision 029).
 */
export function acceptsSession(member: Pick<MemberState, 'exists' | 'active' | 'signInEpoch' | 'sessionKept'>, session: { epoch: number; tokenHash: string }): boolean {
  if (!member.exists || !member.active) return false;
  return session.epoch >= member.signInEpoch || session.tokenHash === member.sessionKept;
}

/** A name (a username, an outside identity, a hub username) that belongs to the first member who claims it. */
export interface ClaimState {
  memberId: string | null;
}

/**
 * The decider of a claim stream: a repeat by the same member appends nothing, another member is refused with
 * `taken`. `claimed` turns the command into its event.
 */
function claimedOnce<C extends { memberId: string }, E extends DomainEvent<string, { memberId: string }>>(
  taken: string,
  claimed: (command: C) => E,
): Decider<C, ClaimState, E> {
  return {
    initialState: { memberId: null },
    evolve: (_state, event) => ({ memberId: event.data.memberId }),
    decide(command, state) {
      if (state.memberId === command.memberId) return [];
      if (state.memberId !== null) throw conflict(taken);
      return [claimed(command)];
    },
  };
}

/** username-<lowercased>: a username belongs to the first member who claims it, ignoring case. */
export type UsernameState = ClaimState;
export type UsernameCommand = { type: 'ClaimUsername'; username: string; memberId: string };
export const usernameDecider = claimedOnce<UsernameCommand, UsernameEvent>(messages.usernameTaken, (c) => ({
  type: 'UsernameClaimed',
  data: { username: c.username, memberId: c.memberId },
}));

/** identity-<provider>_<key>: an outside identity (hub user, OpenID subject) belongs to the first member linked. */
export type IdentityState = ClaimState;
export type IdentityCommand = { type: 'ClaimIdentity'; provider: IdentityProvider; subject: string; memberId: string };
export const identityDecider = claimedOnce<IdentityCommand, IdentityEvent>(messages.alreadyMember, (c) => ({
  type: 'IdentityClaimed',
  data: { provider: c.provider, subject: c.subject, memberId: c.memberId },
}));

/** hubUsername-<key>: a hub account a parent named for one member, claimed once, ignoring case (decision 029). */
export type HubUsernameCommand = { type: 'ClaimHubUsername'; hubUsername: string; memberId: string };
export const hubUsernameDecider = claimedOnce<HubUsernameCommand, HubUsernameEvent>(messages.hubUsernameTaken, (c) => ({
  type: 'HubUsernameClaimed',
  data: { hubUsername: c.hubUsername, memberId: c.memberId },
}));

/** signInLink-<sha256 of the token>: a one-time link for a member to set a password; used once, before it expires. */
export interface SignInLinkState {
  memberId: string | null;
  expiresAt: string | null;
  used: boolean;
  /** The member's `linkEpoch` when the link was made; 0 for links made before decision 044 recorded it. */
  memberEpoch: number;
}
export type SignInLinkCommand =
  | { type: 'CreateSignInLink'; memberId: string; expiresAt: string; memberEpoch: number }
  /** `memberEpoch`: the member's `linkEpoch` now, read from the member stream appended in the same write. */
  | { type: 'UseSignInLink'; now: Date; memberEpoch: number };

/**
 * What a link's holder sees (the public view), and whether it can still be used: a link whose member changed
 * role or was deactivated or reactivated since it was made is void (decision 044).
 */
export function signInLinkStatus(state: SignInLinkState, now: Date, memberEpoch: number): 'unknown' | 'used' | 'expired' | 'voided' | 'ready' {
  if (state.memberId === null) return 'unknown';
  if (state.used) return 'used';
  if (state.memberEpoch !== memberEpoch) return 'voided';
  return Date.parse(state.expiresAt!) <= now.getTime() ? 'expired' : 'ready';
}

export const signInLinkDecider: Decider<SignInLinkCommand, SignInLinkState, SignInLinkEvent> = {
  initialState: { memberId: null, expiresAt: null, used: false, memberEpoch: 0 },
  evolve(state, event) {
    switch (event.type) {
      case 'SignInLinkCreated':
        return { ...state, memberId: event.data.memberId, expiresAt: event.data.expiresAt, memberEpoch: event.data.memberEpoch ?? 0 };
      case 'SignInLinkUsed':
        return { ...state, used: true };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateSignInLink') {
      if (state.memberId !== null) throw conflict('This sign-in link already exists');
      const { memberId, expiresAt, memberEpoch } = command;
      return [{ type: 'SignInLinkCreated', data: { memberId, expiresAt, memberEpoch } }];
    }
    const status = signInLinkStatus(state, command.now, command.memberEpoch);
    if (status === 'unknown') throw notFound('Sign-in link');
    if (status === 'used') throw conflict(messages.signInLinkUsed);
    if (status === 'voided') throw conflict(messages.signInLinkVoided);
    if (status === 'expired') throw conflict(messages.signInLinkExpired);
    return [{ type: 'SignInLinkUsed', data: {} }];
  },
};

/**
 * emailConfirmation-<sha256 of the token>: the link mailed to an address (decision 043). Made by the reactor that
 * mails it, just before the mail goes; used once, before it expires. As the sign-in link's, its state says
 * nothing of the token: only the stream's name is derived from it.
 */
export interface EmailConfirmationState {
  memberId: string | null;
  address: string | null;
  expiresAt: string | null;
  used: boolean;
}
export type EmailConfirmationCommand =
  | { type: 'CreateEmailConfirmation'; memberId: string; address: string; expiresAt: string }
  | { type: 'UseEmailConfirmation'; now: Date };

export const emailConfirmationDecider: Decider<EmailConfirmationCommand, EmailConfirmationState, EmailConfirmationEvent> = {
  initialState: { memberId: null, address: null, expiresAt: null, used: false },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailConfirmationCreated':
        return { ...state, memberId: event.data.memberId, address: event.data.address, expiresAt: event.data.expiresAt };
      case 'EmailConfirmationUsed':
        return { ...state, used: true };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateEmailConfirmation') {
      if (state.memberId !== null) throw conflict('This confirmation link already exists');
      const { memberId, address, expiresAt } = command;
      return [{ type: 'EmailConfirmationCreated', data: { memberId, address, expiresAt } }];
    }
    if (state.memberId === null) throw new DomainError('not_found', messages.emailConfirmationInvalid);
    if (state.used) throw conflict(messages.emailConfirmationUsed);
    if (Date.parse(state.expiresAt!) <= command.now.getTime()) throw conflict(messages.emailConfirmationExpired);
    return [{ type: 'EmailConfirmationUsed', data: {} }];
  },
};
