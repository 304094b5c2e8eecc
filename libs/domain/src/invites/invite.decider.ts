import type { InviteEvent, InviteRole } from '@familyos/events';
import { INVITE_ROLES, limits, messages, type InviteStatus } from '@familyos/contracts/rules';
import type { Actor } from '../shared/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, DomainError, invalid, notFound } from '../shared/errors.js';
import { assertCan } from '../shared/policy.js';

export interface InviteState {
  exists: boolean;
  inviteId: string;
  familyId: string | null;
  token: string;
  role: InviteRole;
  maxUses: number;
  currentUses: number;
  expiresAt: string | null;
  isActive: boolean;
}

export type { InviteStatus };

export type InviteCommand =
  | {
      type: 'CreateInvite';
      actor: Actor;
      inviteId: string;
      token: string;
      role: string;
      maxUses: number;
      expiresAt: string | null;
      now: Date;
    }
  | { type: 'UseInvite'; memberId: string; now: Date }
  | { type: 'DeactivateInvite'; actor: Actor };

/** SPEC §4's order: inactive first, then expired, then used up. One rule for the join page and the join call. */
export function inviteStatus(state: Pick<InviteState, 'isActive' | 'expiresAt' | 'currentUses' | 'maxUses'>, now: Date): InviteStatus {
  if (!state.isActive) return 'deactivated';
  if (state.expiresAt !== null && Date.parse(state.expiresAt) <= now.getTime()) return 'expired';
  if (state.currentUses >= state.maxUses) return 'used_up';
  return 'active';
}

const refusals: Record<Exclude<InviteStatus, 'active'>, string> = {
  deactivated: messages.inviteDeactivated,
  expired: messages.inviteExpired,
  used_up: messages.inviteUsedUp,
};

export const inviteDecider: Decider<InviteCommand, InviteState, InviteEvent> = {
  initialState: {
    exists: false,
    inviteId: '',
    familyId: null,
    token: '',
    role: 'child',
    maxUses: limits.invite.maxUsesDefault,
    currentUses: 0,
    expiresAt: null,
    isActive: false,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'InviteCreated':
        return { ...state, ...event.data, exists: true, currentUses: 0, isActive: true };
      case 'InviteUsed':
        return { ...state, currentUses: event.data.currentUses };
      case 'InviteDeactivated':
        return { ...state, isActive: false };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateInvite': {
        // Ids repeat only for one request run again (its first run died before answering: decision 026).
        if (state.exists) return [];
        assertCan(command.actor, 'manageInvites');
        if (command.actor.familyId === null) throw notFound('Family');
        if (!(INVITE_ROLES as readonly string[]).includes(command.role)) throw invalid(messages.inviteRole, 'role');
        const { maxUsesMin, maxUsesMax } = limits.invite;
        if (!Number.isInteger(command.maxUses) || command.maxUses < maxUsesMin || command.maxUses > maxUsesMax) {
          throw invalid(messages.inviteMaxUses, 'maxUses');
        }
        if (command.expiresAt !== null) {
          const at = Date.parse(command.expiresAt);
          if (Number.isNaN(at) || at <= command.now.getTime()) throw invalid(messages.inviteExpiry, 'expiresAt');
        }
        return [
          {
            type: 'InviteCreated',
            data: {
              inviteId: command.inviteId,
              familyId: command.actor.familyId,
              token: command.token,
              role: command.role as InviteRole,
              maxUses: command.maxUses,
              expiresAt: command.expiresAt === null ? null : new Date(command.expiresAt).toISOString(),
            },
          },
        ];
      }
      case 'UseInvite': {
        if (!state.exists) throw new DomainError('not_found', messages.inviteInvalid);
        const status = inviteStatus(state, command.now);
        if (status !== 'active') throw conflict(refusals[status]);
        return [{ type: 'InviteUsed', data: { memberId: command.memberId, currentUses: state.currentUses + 1 } }];
      }
      case 'DeactivateInvite': {
        if (!state.exists || state.familyId === null || state.familyId !== command.actor.familyId) throw notFound('Invite');
        assertCan(command.actor, 'manageInvites');
        return state.isActive ? [{ type: 'InviteDeactivated', data: {} }] : [];
      }
    }
  },
};
