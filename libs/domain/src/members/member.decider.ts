import type { IdentityEvent, IdentityProvider, MemberEvent, MemberJoined, UsernameEvent } from '@familyos/events';
import { messages } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, notFound } from '../shared/errors.js';
import { assertCan, canEditMember } from '../shared/policy.js';

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
};

export interface OutsideIdentity {
  provider: IdentityProvider;
  subject: string;
  username: string | null;
}

export type NewMember = JoinedData & { passwordHash: string | null; identity?: OutsideIdentity | null };

export type MemberCommand =
  /** `actor` is the admin adding the member; absent when the member creates itself (register, demo, bootstrap). */
  | { type: 'JoinMember'; actor?: Actor; member: NewMember }
  | { type: 'RenameMember'; actor: Actor; name: string }
  | { type: 'ChangeAvatar'; actor: Actor; avatar: string }
  | { type: 'SetPassword'; actor: Actor; passwordHash: string };

function assertEditable(actor: Actor, state: MemberState): void {
  if (!state.exists || (state.familyId !== actor.familyId && actor.id !== state.id)) throw notFound('User');
  if (!canEditMember(actor, state)) throw forbidden('You can only change your own profile');
}

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
      case 'MemberPasswordSet':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'MemberIdentityLinked':
        return event.data.provider === 'hub'
          ? { ...state, hubUserId: event.data.subject, hubUsername: event.data.username }
          : { ...state, oidcSubject: event.data.subject };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'JoinMember': {
        // Ids repeat only for one request run again (its first run died before answering: decision 026).
        if (state.exists) return [];
        const { passwordHash, identity, ...m } = command.member;
        if (command.actor) {
          assertCan(command.actor, 'manageMembers');
          if (command.actor.familyId === null || command.actor.familyId !== m.familyId) throw notFound('Family');
          if (m.role === 'superuser') throw forbidden(messages.memberRole);
        }
        const events: MemberEvent[] = [{ type: 'MemberJoined', data: m }];
        if (passwordHash) events.push({ type: 'MemberPasswordSet', data: { passwordHash } });
        if (identity) events.push({ type: 'MemberIdentityLinked', data: identity });
        return events;
      }
      case 'RenameMember':
        assertEditable(command.actor, state);
        return command.name === state.name ? [] : [{ type: 'MemberRenamed', data: { name: command.name } }];
      case 'ChangeAvatar':
        assertEditable(command.actor, state);
        return command.avatar === state.avatar ? [] : [{ type: 'MemberAvatarChanged', data: { avatar: command.avatar } }];
      case 'SetPassword':
        assertEditable(command.actor, state);
        return [{ type: 'MemberPasswordSet', data: { passwordHash: command.passwordHash } }];
    }
  },
};

/** username-<lowercased>: a username belongs to the first member who claims it, ignoring case. */
export interface UsernameState {
  memberId: string | null;
}
export type UsernameCommand = { type: 'ClaimUsername'; username: string; memberId: string };

export const usernameDecider: Decider<UsernameCommand, UsernameState, UsernameEvent> = {
  initialState: { memberId: null },
  evolve: (_state, event) => ({ memberId: event.data.memberId }),
  decide(command, state) {
    if (state.memberId === command.memberId) return [];
    if (state.memberId !== null) throw conflict(messages.usernameTaken);
    return [{ type: 'UsernameClaimed', data: { username: command.username, memberId: command.memberId } }];
  },
};

/** identity-<provider>_<key>: an outside identity (hub user, OpenID subject) belongs to the first member linked. */
export interface IdentityState {
  memberId: string | null;
}
export type IdentityCommand = { type: 'ClaimIdentity'; provider: IdentityProvider; subject: string; memberId: string };

export const identityDecider: Decider<IdentityCommand, IdentityState, IdentityEvent> = {
  initialState: { memberId: null },
  evolve: (_state, event) => ({ memberId: event.data.memberId }),
  decide(command, state) {
    if (state.memberId === command.memberId) return [];
    if (state.memberId !== null) throw conflict(messages.alreadyMember);
    return [{ type: 'IdentityClaimed', data: { provider: command.provider, subject: command.subject, memberId: command.memberId } }];
  },
};
